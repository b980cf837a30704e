"""The bulk calls agree with the per-ad calls they replace."""

import pytest

import classad_engine as classad2
from classad_engine import ClassAd, ExprTree, bulk

SLOTS = "".join(
    f'[ Name = "slot{i}"; Memory = {i * 100}; Cpus = {1 + i % 4}; Arch = "{"X86_64" if i % 3 else "ARM"}";'
    f' Requirements = TARGET.RequestMemory <= Memory ]\n' for i in range(40))
JOBS = "".join(
    f'[ Owner = "u{j}"; RequestMemory = {j * 250}; RequestCpus = {1 + j % 3};'
    f' Requirements = TARGET.Arch == "X86_64" && TARGET.Cpus >= RequestCpus ]\n' for j in range(12))


@pytest.fixture(scope="module")
def pool():
    return list(classad2.parseAds(SLOTS)), list(classad2.parseAds(JOBS))


def test_eval_over_matches_loop(pool):
    slots, jobs = pool
    expr = ExprTree("Memory * Cpus + TARGET.RequestMemory")
    assert bulk.eval_over(expr, slots, jobs[3]) == [expr.eval(s, jobs[3]) for s in slots]
    assert bulk.eval_over("Name", slots) == [s["Name"] for s in slots]
    assert bulk.eval_over("nothere", slots[:2]) == [classad2.Value.Undefined] * 2


def test_count_and_list_matches_agree_with_symmetric_match(pool):
    slots, jobs = pool
    expected = [[i for i, s in enumerate(slots) if j.symmetricMatch(s)] for j in jobs]
    assert bulk.list_matches(jobs, slots) == expected
    assert bulk.count_matches(jobs, slots) == [len(e) for e in expected]
    assert any(expected) and not all(len(e) == len(slots) for e in expected)
    assert bulk.count_matches([], slots) == [] and bulk.count_matches(jobs, []) == [0] * len(jobs)


def test_read_ads_file(tmp_path, pool):
    slots, _ = pool
    path = tmp_path / "status.long"
    path.write_text("\n".join(s.printOld() for s in slots))
    read = bulk.read_ads_file(path)
    assert read == slots
    json_path = tmp_path / "status.json"
    json_path.write_text("[" + ",".join(s.printJson() for s in slots) + "]")
    assert bulk.read_ads_file(json_path, classad2.ParserType.JSON) == slots
    with pytest.raises(OSError):
        bulk.read_ads_file(tmp_path / "missing")
    bad = tmp_path / "bad"
    bad.write_text("A = 1\nB = (\n")
    with pytest.raises(ValueError) as info:
        bulk.read_ads_file(bad)
    assert "2:" in str(info.value)


def test_bulk_runs_while_other_threads_work(pool):
    import threading
    slots, jobs = pool
    results = []
    threads = [threading.Thread(target=lambda: results.append(bulk.count_matches(jobs, slots)))
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4 and all(r == results[0] for r in results)
