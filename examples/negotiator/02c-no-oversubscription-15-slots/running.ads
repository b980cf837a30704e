# the jobs running on the claimed slots of slots.ads (JobStatus = 2), as the schedd's
# queue holds them: read by our negotiator (a second --jobs) so that the submitters'
# RunningJobs match the slots; HTCondor's replay builds its submitter ads from the
# claimed slots instead and never reads this file

MyType = "Job"
ClusterId = 900
ProcId = 0
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node01.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

