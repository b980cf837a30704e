# the idle jobs, as condor_q -long prints them (one ad per paragraph)

MyType = "Job"
ClusterId = 201
ProcId = 0
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
Owner = "higgs"
User = "higgs@example.org"
AcctGroup = "group_physics.hep"
AcctGroupUser = "higgs"
AccountingGroup = "group_physics.hep.higgs"
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
ClusterId = 202
ProcId = 0
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 1
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 2
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 3
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 4
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 5
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 6
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 7
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 8
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 9
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 10
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 11
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 12
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 13
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 14
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 15
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 16
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 17
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 18
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 19
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 20
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 21
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 22
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 23
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 24
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 25
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 26
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 27
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 28
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 202
ProcId = 29
Owner = "fermi"
User = "fermi@example.org"
AcctGroup = "group_physics.lep"
AcctGroupUser = "fermi"
AccountingGroup = "group_physics.lep.fermi"
QDate = 1767222202
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

