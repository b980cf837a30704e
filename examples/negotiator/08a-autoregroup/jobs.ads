# the idle jobs, as condor_q -long prints them (one ad per paragraph)

MyType = "Job"
ClusterId = 801
ProcId = 0
Owner = "user"
User = "user@example.org"
AcctGroup = "a"
AcctGroupUser = "user"
AccountingGroup = "a.user"
QDate = 1767222801
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 801
ProcId = 1
Owner = "user"
User = "user@example.org"
AcctGroup = "a"
AcctGroupUser = "user"
AccountingGroup = "a.user"
QDate = 1767222801
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 802
ProcId = 0
Owner = "user"
User = "user@example.org"
AcctGroup = "b"
AcctGroupUser = "user"
AccountingGroup = "b.user"
QDate = 1767222802
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 802
ProcId = 1
Owner = "user"
User = "user@example.org"
AcctGroup = "b"
AcctGroupUser = "user"
AccountingGroup = "b.user"
QDate = 1767222802
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

