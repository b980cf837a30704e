# the idle jobs, as condor_q -long prints them (one ad per paragraph). DiracGroup names each
# job's DIRAC group; JobPrio is its priority among its owner's jobs (DIRAC's JDL Priority)

MyType = "Job"
ClusterId = 101
ProcId = 0
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 1
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 2
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 3
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 4
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 5
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 6
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 7
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 8
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 9
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 10
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 11
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 12
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 13
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 14
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 15
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 16
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 17
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 18
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 19
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 20
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 21
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 22
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 23
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 24
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 25
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 26
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 27
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 28
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 101
ProcId = 29
Owner = "prod"
User = "prod@example.org"
QDate = 1767222101
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_prod"
CPUTime = 40000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 0
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 1
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 2
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 3
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 4
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 5
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 6
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 7
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 8
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 9
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 10
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 201
ProcId = 11
Owner = "bob"
User = "bob@example.org"
QDate = 1767222201
JobPrio = 5
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 0
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 1
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 2
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 3
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 4
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 5
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 6
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 7
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 8
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 9
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 10
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 11
Owner = "carol"
User = "carol@example.org"
QDate = 1767222301
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 0
Owner = "carol"
User = "carol@example.org"
QDate = 1767222302
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.HasGpu =?= true) && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 1
Owner = "carol"
User = "carol@example.org"
QDate = 1767222302
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.HasGpu =?= true) && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 2
Owner = "carol"
User = "carol@example.org"
QDate = 1767222302
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.HasGpu =?= true) && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 3
Owner = "carol"
User = "carol@example.org"
QDate = 1767222302
JobPrio = 1
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
DiracGroup = "lhcb_user"
CPUTime = 3000
Requirements = (TARGET.HasGpu =?= true) && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
