# the idle jobs, as condor_q -long prints them (one ad per paragraph)

MyType = "Job"
ClusterId = 711
ProcId = 0
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 1
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 2
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 3
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 4
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 5
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 6
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 7
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 8
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 9
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 10
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 11
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 12
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 13
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 14
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 15
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 16
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 17
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 18
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 711
ProcId = 19
Owner = "alice"
User = "alice@example.org"
QDate = 1767222711
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 0
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 1
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 2
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 3
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 4
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 5
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 6
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 7
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 8
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 9
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 10
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 11
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 12
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 13
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 14
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 15
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 16
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 17
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 18
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 712
ProcId = 19
Owner = "bob"
User = "bob@example.org"
QDate = 1767222712
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

