# the jobs running on the claimed slots of slots.ads (JobStatus = 2), as the schedd's
# queue holds them: read by our negotiator (a second --jobs) so that the submitters'
# RunningJobs match the slots; HTCondor's replay builds its submitter ads from the
# claimed slots instead and never reads this file

MyType = "Job"
ClusterId = 610
ProcId = 0
Owner = "hog"
User = "hog@example.org"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot1@node01.example.org"
JobCurrentStartDate = 1767217600
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 610
ProcId = 1
Owner = "hog"
User = "hog@example.org"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot2@node01.example.org"
JobCurrentStartDate = 1767218600
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 610
ProcId = 2
Owner = "hog"
User = "hog@example.org"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot3@node01.example.org"
JobCurrentStartDate = 1767219600
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 610
ProcId = 3
Owner = "hog"
User = "hog@example.org"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot4@node01.example.org"
JobCurrentStartDate = 1767220600
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 610
ProcId = 4
Owner = "hog"
User = "hog@example.org"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot5@node01.example.org"
JobCurrentStartDate = 1767221600
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 610
ProcId = 5
Owner = "hog"
User = "hog@example.org"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot6@node01.example.org"
JobCurrentStartDate = 1767222600
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 610
ProcId = 6
Owner = "hog"
User = "hog@example.org"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot7@node01.example.org"
JobCurrentStartDate = 1767223600
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

MyType = "Job"
ClusterId = 610
ProcId = 7
Owner = "hog"
User = "hog@example.org"
QDate = 1767139200
JobPrio = 0
JobStatus = 2
JobUniverse = 5
RequestCpus = 1
RequestMemory = 1024
RequestDisk = 1000
RemoteHost = "slot8@node01.example.org"
JobCurrentStartDate = 1767224600
Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
Rank = 0.0

