# the idle jobs, as condor_q -long prints them (one ad per paragraph)

MyType = "Job"
ClusterId = 303
ProcId = 0
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 1
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 2
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 3
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 4
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 5
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 6
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 7
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 8
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 303
ProcId = 9
Owner = "user"
User = "user@example.org"
AcctGroup = "C"
AcctGroupUser = "user"
AccountingGroup = "C.user"
QDate = 1767222303
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

