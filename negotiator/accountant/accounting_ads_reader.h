// Reading HTCondor's accounting ads (what `condor_userprio -long` prints
// from a live pool) into an accountant snapshot, so that a snapshot of a
// real pool's priorities can seed this project's accountant
// (`userprio --import-condor`). The inverse of accounting_ads.h.
//
// Two forms are read, in any of the three ad syntaxes (old, new, JSON):
//  * modular: one ad per record with `Name`, as `condor_userprio -long`
//    prints it (from the collector's or the negotiator's accounting ads,
//    the default since HTCondor 9) and `condor_status -accounting -long`;
//  * legacy: one ad with numbered attributes (`Name1`, `Priority1`, ...,
//    `NumSubmittors`, `LastUpdate`), as `condor_userprio -long -legacy`
//    prints it and `condor_userprio -inputfile` reads it. Split as
//    condor_userprio splits it: an attribute name ending in digits belongs
//    to the record of that number (concurrency limit attributes,
//    `ConcurrencyLimit_*`, are left out even when their name ends in a
//    digit; HTCondor's own split would file them under a record).
//
// What is taken from each record (HTCondor's attribute names):
//  * `Name` (required, a non-empty string, unique);
//  * the real priority: `Priority` holds the *effective* priority in every
//    reported ad (HTCondor's GetPriority returns RUP × factor), so the RUP
//    is `Priority / PriorityFactor` (the `Priority` itself when the factor
//    is 0 or absent);
//  * `PriorityFactor`, `Ceiling`, `Floor`, `AccumulatedUsage`,
//    `WeightedAccumulatedUsage`, `BeginUsageTime`, `LastUsageTime`; each
//    optional, with the record's default when absent;
//  * every real is rounded as HTCondor's accountant stores it
//    (StoredReal), which gives back the stored RUP exactly.
// A group's ad with `EffectiveQuota` (HTCondor reports the last cycle's
// quota table in the groups' ads) also gives a group quota record:
// `EffectiveQuota` (the last round's quota: the quota map a running
// negotiator binds RemoteGroupQuota from in its next cycle, see
// Negotiator::ResumeWithQuotaMap), `ConfigQuota`, `SubtreeQuota`,
// `Requested`, stamped with `LastUpdate`; and this project's own figures
// when present (`SurplusReceived`, `GroupResourcesAllocated`,
// `GroupResourcesInUse`, `StaticQuota`, `NegotiationCycleTime`), else 0.
// Left out, on purpose: `ResourcesUsed` and `WeightedResourcesUsed` (they
// count the claims, which the next negotiation cycle finds in the slot ads
// and charges again, as HTCondor's CheckMatches does; importing them would
// count every claim twice), and `UnchargedTime` (never reported). The
// snapshot's LastUpdateTime is the largest `LastUpdate` of the input, or 0
// without one.
#ifndef NEGOTIATOR_ACCOUNTANT_ACCOUNTING_ADS_READER_H_
#define NEGOTIATOR_ACCOUNTANT_ACCOUNTING_ADS_READER_H_

#include <string>

#include "classad/ad_io.h"
#include "classad/status.h"
#include "negotiator/accountant/store/accountant_store.h"

namespace negotiator {

// Reads every accounting ad `reader` gives into a snapshot of customer
// and group quota records (each sorted by name; no resource records). Errors,
// each with the input's name and the line where the offending ad begins:
// the reader's own (syntax, limits), an ad without a string `Name`, a
// duplicate name (two negotiators' ads in one file: select one with
// `-constraint` or `-name`), a listed attribute that is not a finite
// number (kInvalidArgument). `source_name` names the input in those
// errors. Not thread-safe (the reader is not).
classad::Result<AccountantSnapshot> ReadAccountingAds(classad::AdReader& reader,
                                                      const std::string& source_name);

// ReadAccountingAds of the file at `path` ("-": standard input), format
// detected. Errors: a file that cannot be opened (kIoError), and those of
// ReadAccountingAds.
classad::Result<AccountantSnapshot> ReadAccountingAdsFile(const std::string& path);

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_ACCOUNTING_ADS_READER_H_
