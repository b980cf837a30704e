#!/usr/bin/env bash
# The main job on bundled examples: installs what is missing, builds, then
# uses classad_eval to match the example job against the example slot both
# ways, in each ad format, and shows the batch mode.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
EVAL=build/classad_eval
export TZ=UTC LC_ALL=C

echo "== The job's Requirements and Rank against the slot (job is MY, slot is TARGET)"
"$EVAL" -my-file examples/job.ad -target-file examples/slot.ad -quiet \
  'Requirements' 'Rank' 'TARGET.Cpus - RequestCpus' 'unparse(Requirements)'

echo "== The slot's side of the match (slot is MY, job is TARGET)"
"$EVAL" -my-file examples/slot.ad -target-file examples/job.ad -quiet 'Requirements' 'Rank'

echo "== The same job read from old syntax (condor_q -long) and the slot from JSON"
"$EVAL" -my-file examples/job.old.ad -target-file examples/slot.json -quiet 'Requirements && TARGET.Requirements'

echo "== Building a context ad from arguments, as HTCondor's classad_eval does"
"$EVAL" 'x = y' 'y = 7' 'x'

echo "== Batch mode: one result line per input line"
printf '%s\n' 'RequestMemory * 2' 'strcat(Owner, "@", TARGET.UidDomain)' \
  'TARGET.Memory >= RequestMemory ? "fits" : "too big"' 'this is not ( valid' |
  "$EVAL" -stdin -my-file examples/job.ad -target-file examples/slot.ad

echo "== policy_config: the example central manager's configuration, as condor_config_val reads it"
export CONDOR_CONFIG=examples/policy/condor_config
build/policy_config -v PRIORITY_HALFLIFE GROUP_NAMES PREEMPTION_REQUIREMENTS
build/policy_config -dump GROUP_QUOTA
build/policy_config -check

echo "== policy_lint: the bundled configuration lints clean; a configuration with typical mistakes does not"
build/policy_lint examples/policy/condor_config && echo "examples/policy: clean"
mistakes=$(mktemp -d)
cat > "$mistakes/condor_config" <<'CONFIG'
GROUP_NAMES = group_a, group_b
GROUP_QUOTA_group_a = 10   # ten slots
GROUP_QOUTA_group_b = 5
NEGOTIATOR_CONSIDER_PREEMPTION = Ture
PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) && (SubmitterGroup =?= RemoteGroup)
CONFIG
build/policy_lint --color=never "$mistakes/condor_config" || echo "(policy_lint exit status $?)"
rm -rf "$mistakes"

echo "== policy_explain: why a job does not match a slot, clause by clause; then the whole example pool"
build/policy_explain --config examples/explain/condor_config --slot examples/explain/slots.ad \
  --job examples/explain/jobs.ad --slot-name slot1@node02.example.org --job-id 100.0 \
  --remote-prio 2000 --remote-group-resources-in-use 40 || true
build/policy_explain --config examples/explain/condor_config --slots examples/explain/slots.ad \
  --jobs examples/explain/jobs.ad || true

echo "== userprio: an accountant imported into SQLite, listed, edited, exported"
state=$(mktemp -d)
build/userprio -config examples/policy/condor_config --state "$state/acct.db" \
  --import examples/accountant/accountant.json
build/userprio -config examples/policy/condor_config --state "$state/acct.db" --now 1700000000
build/userprio -config examples/policy/condor_config --state "$state/acct.db" --now 1700000000 \
  -setfactor group_physics.hep.alice@pool.example.org 500
build/userprio -config examples/policy/condor_config --state "$state/acct.db" --now 1700000000 -quotas

echo "== negotiator: the shares scenario (EUP 5, 10, 20 on 70 slots), then a generated pool"
scenario=examples/negotiator/01-shares
build/negotiator cycle -config "$scenario/negotiator.config" --slots "$scenario/slots.ads" \
  --jobs "$scenario/jobs.ads" --now 1767225600 --accountant "$scenario/accountant.userprio.json" \
  | sed -n '1p;/^Submitters/,$p'
if [ -f ../shared/tools/pooldump/gen_pool.py ]; then
  python3 ../shared/tools/pooldump/gen_pool.py --slots 2000 --jobs 20000 --submitters 100 \
    --groups 10 --seed 3 --format old --out "$state/pool" -q
  build/negotiator cycle -config "$state/pool/negotiator.config" --slots "$state/pool/slots.ads" \
    --jobs "$state/pool/jobs.ads" --now 1732000000 --state "$state/pool.db" | sed -n '1,3p;/^Groups/,/^Submitters/p'
fi

echo "== a live pool's snapshot (examples/live-pool): condor_userprio's records imported, the"
echo "   running negotiator's next cycle on condor_status/condor_q dumps"
live=examples/live-pool
build/userprio -config "$live/condor_config" --state "$state/live.db" --import-condor "$live/userprio.long"
build/negotiator cycle -config "$live/condor_config" --state "$state/live.db" --slots "$live/status.long" \
  --jobs "$live/q.long" --now 1767225600 | sed -n '1,10p'
rm -rf "$state"

echo "== negotiator simulate: two users on 40 slots over four days (bob arrives at 48 h), then the"
echo "   quota-driven preemption recipe over eight hours; reports in out/simulate/"
sim=examples/simulate
build/negotiator simulate -config $sim/two-users/condor_config --slots $sim/two-users/slots.ads \
  --workload $sim/two-users/trace.swf --swf-map $sim/two-users/users.map --duration 4d \
  --out out/simulate/two-users --title "Two users, 40 slots, four days"
build/negotiator simulate -config $sim/quota-preemption/condor_config \
  --slots $sim/quota-preemption/slots.ads --workload $sim/quota-preemption/history.ads \
  --duration 8h --out out/simulate/quota-preemption --title "The quota-driven preemption recipe"
echo "open out/simulate/two-users/report.html and out/simulate/quota-preemption/report.html"

echo "== negotiator compare: the recipe's workload with surplus sharing on (A) and off (B)"
build/negotiator compare -config-a $sim/quota-preemption/condor_config \
  -config-b $sim/quota-preemption/no-surplus.config --label-a surplus --label-b "no surplus" \
  --slots $sim/quota-preemption/slots.ads --workload $sim/quota-preemption/history.ads \
  --duration 8h --out out/simulate/compare | sed -n '1,22p'
echo "open out/simulate/compare/compare.html"

echo "== negotiator test: one test file keeps its promises, one (on purpose) does not"
build/negotiator test -v $sim/tests/recipe-keeps-quotas.test $sim/tests/no-surplus-wastes-slots.test \
  || echo "(negotiator test exit status $?)"

echo "== negotiator compare: HTCondor's pie (A) and DIRAC's task queues (B) on one snapshot"
build/negotiator compare -config-a examples/dirac/condor_config \
  --slots examples/dirac/slots.ads --jobs examples/dirac/jobs.ads --now 1767225600 \
  --model-a htcondor --model-b dirac --dirac-config examples/dirac/dirac.cfg --seed 1 \
  | sed -n '1,/^== dirac/p;/step by step/,/^Pilots/p'
