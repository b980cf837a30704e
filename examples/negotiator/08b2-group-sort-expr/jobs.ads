# the idle jobs, as condor_q -long prints them (one ad per paragraph)

MyType = "Job"
ClusterId = 811
ProcId = 0
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 1
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 2
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 3
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 4
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 5
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 6
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 7
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 8
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 811
ProcId = 9
Owner = "user"
User = "user@example.org"
AcctGroup = "x"
AcctGroupUser = "user"
AccountingGroup = "x.user"
QDate = 1767222811
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 0
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 1
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 2
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 3
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 4
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 5
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 6
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 7
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 8
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 812
ProcId = 9
Owner = "user"
User = "user@example.org"
AcctGroup = "y"
AcctGroupUser = "user"
AccountingGroup = "y.user"
QDate = 1767222812
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

