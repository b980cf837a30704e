# the idle jobs, as condor_q -long prints them (one ad per paragraph)

MyType = "Job"
ClusterId = 201
ProcId = 0
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 1
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 2
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 3
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 4
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 5
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 6
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 7
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 8
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 9
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 10
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 11
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 12
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 13
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 14
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 15
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 16
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 17
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 18
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 19
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 20
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 21
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 22
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 23
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 24
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 25
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 26
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 27
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 28
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 29
Owner = "einstein"
User = "einstein@example.org"
AcctGroup = "group_physics"
AcctGroupUser = "einstein"
AccountingGroup = "group_physics.einstein"
QDate = 1767222201
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 0
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 1
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 2
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 3
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 4
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 5
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 6
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 7
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 8
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 9
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 10
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 11
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 12
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 13
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 14
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 15
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 16
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 17
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 18
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 19
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 20
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 21
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 22
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 23
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 24
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 25
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 26
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 27
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 28
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 203
ProcId = 29
Owner = "curie"
User = "curie@example.org"
AcctGroup = "group_chemistry"
AcctGroupUser = "curie"
AccountingGroup = "group_chemistry.curie"
QDate = 1767222203
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

