# the jobs running on the claimed slots of slots.ads (JobStatus = 2), as the schedd's
# queue holds them: read by our negotiator (a second --jobs) so that the submitters'
# RunningJobs match the slots; HTCondor's replay builds its submitter ads from the
# claimed slots instead and never reads this file

MyType = "Job"
ClusterId = 301
ProcId = 0
Owner = "user"
User = "user@example.org"
AcctGroup = "A"
AcctGroupUser = "user"
AccountingGroup = "A.user"
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

MyType = "Job"
ClusterId = 301
ProcId = 1
Owner = "user"
User = "user@example.org"
AcctGroup = "A"
AcctGroupUser = "user"
AccountingGroup = "A.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node02.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 2
Owner = "user"
User = "user@example.org"
AcctGroup = "A"
AcctGroupUser = "user"
AccountingGroup = "A.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node03.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 3
Owner = "user"
User = "user@example.org"
AcctGroup = "A"
AcctGroupUser = "user"
AccountingGroup = "A.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node04.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 301
ProcId = 4
Owner = "user"
User = "user@example.org"
AcctGroup = "A"
AcctGroupUser = "user"
AccountingGroup = "A.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node05.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 0
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node06.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 1
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node07.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 2
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node08.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 3
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node09.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 4
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node10.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 5
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node11.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 6
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node12.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 7
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node13.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 8
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node14.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 302
ProcId = 9
Owner = "user"
User = "user@example.org"
AcctGroup = "B"
AcctGroupUser = "user"
AccountingGroup = "B.user"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node15.example.org"
JobCurrentStartDate = 1767223800
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

