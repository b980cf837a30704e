# condor_history -long: the jobs the groups ran (completed, JobStatus 4)

ClusterId = 101
ProcId = 0
Owner = "user"
AccountingGroup = "A.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 101
ProcId = 1
Owner = "user"
AccountingGroup = "A.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 101
ProcId = 2
Owner = "user"
AccountingGroup = "A.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 101
ProcId = 3
Owner = "user"
AccountingGroup = "A.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 101
ProcId = 4
Owner = "user"
AccountingGroup = "A.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 101
ProcId = 5
Owner = "user"
AccountingGroup = "A.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 101
ProcId = 6
Owner = "user"
AccountingGroup = "A.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 101
ProcId = 7
Owner = "user"
AccountingGroup = "A.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 0
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 1
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 2
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 3
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 4
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 5
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 6
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 7
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 8
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 9
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 10
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 11
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 12
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 13
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 14
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 15
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 16
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 17
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 18
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 102
ProcId = 19
Owner = "user"
AccountingGroup = "B.user"
JobStatus = 4
QDate = 1767225600
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 7200.0
CompletionDate = 1767233400

ClusterId = 103
ProcId = 0
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 1
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 2
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 3
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 4
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 5
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 6
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 7
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 8
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200

ClusterId = 103
ProcId = 9
Owner = "user"
AccountingGroup = "C.user"
JobStatus = 4
QDate = 1767229200
RequestCpus = 1
RequestMemory = 1024
JobPrio = 0
Requirements = (TARGET.Cpus >= RequestCpus) && (TARGET.Memory >= RequestMemory)
RemoteWallClockTime = 5400.0
CompletionDate = 1767235200
