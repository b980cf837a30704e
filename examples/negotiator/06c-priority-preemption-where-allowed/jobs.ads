# the idle jobs, as condor_q -long prints them (one ad per paragraph)

MyType = "Job"
ClusterId = 611
ProcId = 0
Owner = "alice"
User = "alice@example.org"
QDate = 1767222611
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 611
ProcId = 1
Owner = "alice"
User = "alice@example.org"
QDate = 1767222611
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 611
ProcId = 2
Owner = "alice"
User = "alice@example.org"
QDate = 1767222611
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 611
ProcId = 3
Owner = "alice"
User = "alice@example.org"
QDate = 1767222611
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 611
ProcId = 4
Owner = "alice"
User = "alice@example.org"
QDate = 1767222611
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 611
ProcId = 5
Owner = "alice"
User = "alice@example.org"
QDate = 1767222611
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 611
ProcId = 6
Owner = "alice"
User = "alice@example.org"
QDate = 1767222611
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 611
ProcId = 7
Owner = "alice"
User = "alice@example.org"
QDate = 1767222611
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

