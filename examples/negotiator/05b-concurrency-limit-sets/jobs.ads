# the idle jobs, as condor_q -long prints them (one ad per paragraph)

MyType = "Job"
ClusterId = 511
ProcId = 0
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 1
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 2
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 3
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 4
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 5
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 6
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 7
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 8
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 9
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 10
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 11
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 12
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 13
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 511
ProcId = 14
Owner = "alice"
User = "alice@example.org"
QDate = 1767222511
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.swlicense"

MyType = "Job"
ClusterId = 512
ProcId = 0
Owner = "bob"
User = "bob@example.org"
QDate = 1767222512
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "other.license"

MyType = "Job"
ClusterId = 512
ProcId = 1
Owner = "bob"
User = "bob@example.org"
QDate = 1767222512
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "other.license"

MyType = "Job"
ClusterId = 512
ProcId = 2
Owner = "bob"
User = "bob@example.org"
QDate = 1767222512
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "other.license"

MyType = "Job"
ClusterId = 512
ProcId = 3
Owner = "bob"
User = "bob@example.org"
QDate = 1767222512
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "other.license"

MyType = "Job"
ClusterId = 512
ProcId = 4
Owner = "bob"
User = "bob@example.org"
QDate = 1767222512
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "other.license"

MyType = "Job"
ClusterId = 512
ProcId = 5
Owner = "bob"
User = "bob@example.org"
QDate = 1767222512
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "other.license"

MyType = "Job"
ClusterId = 513
ProcId = 0
Owner = "carol"
User = "carol@example.org"
QDate = 1767222513
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "small.license"

MyType = "Job"
ClusterId = 513
ProcId = 1
Owner = "carol"
User = "carol@example.org"
QDate = 1767222513
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "small.license"

MyType = "Job"
ClusterId = 513
ProcId = 2
Owner = "carol"
User = "carol@example.org"
QDate = 1767222513
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "small.license"

MyType = "Job"
ClusterId = 513
ProcId = 3
Owner = "carol"
User = "carol@example.org"
QDate = 1767222513
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "small.license"

MyType = "Job"
ClusterId = 514
ProcId = 0
Owner = "dave"
User = "dave@example.org"
QDate = 1767222514
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.special"

MyType = "Job"
ClusterId = 514
ProcId = 1
Owner = "dave"
User = "dave@example.org"
QDate = 1767222514
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.special"

MyType = "Job"
ClusterId = 514
ProcId = 2
Owner = "dave"
User = "dave@example.org"
QDate = 1767222514
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.special"

MyType = "Job"
ClusterId = 514
ProcId = 3
Owner = "dave"
User = "dave@example.org"
QDate = 1767222514
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.special"

MyType = "Job"
ClusterId = 514
ProcId = 4
Owner = "dave"
User = "dave@example.org"
QDate = 1767222514
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.special"

MyType = "Job"
ClusterId = 514
ProcId = 5
Owner = "dave"
User = "dave@example.org"
QDate = 1767222514
JobPrio = 0
JobStatus = 1
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
Rank = 0.0
ConcurrencyLimits = "large.special"

