// userprio: shows and edits the accountant's user priorities the way
// HTCondor's condor_userprio does, reading and writing the accountant's
// database (SQLite file or PostgreSQL) directly instead of asking a
// running negotiator. docs/userprio.md describes every option, the
// columns and the JSON format.
//
//   userprio [common] [display options] [NAME...]     the priority table
//   userprio [common] -long | --json [NAME...]        one ad per record
//   userprio [common] -getreslist USER                the slots charged to USER
//   userprio [common] EDIT                            one edit, one transaction
//   userprio [common] --export FILE.json | --import FILE.json | --import-condor FILE
//
// common: [-config FILE]... [--state DB] [--now EPOCH]. The database is
// --state, else the configuration's ACCOUNTANT_DATABASE. Every clock read
// (the 24-hour activity window, -resetusage, the downtime charged when an
// edit opens the database, -getreslist's match times) uses --now when given.
//
// Exit status: 0 done; 1 refused (a bad submitter name or value, -delete of
// a record that does not exist, a NAME that matches no record; nothing was
// changed); 2 the configuration, the database or a file cannot be read or
// written; 3 bad usage.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "classad/ad_io.h"
#include "classad/classad.h"
#include "classad/utf8.h"
#include "classad/value.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/accounting_ads.h"
#include "negotiator/accountant/accounting_ads_reader.h"
#include "negotiator/accountant/accountant_edit.h"
#include "negotiator/accountant/accountant_json.h"
#include "negotiator/accountant/durable_accountant.h"
#include "negotiator/accountant/open_accountant.h"
#include "negotiator/accountant/running_history_listing.h"
#include "negotiator/accountant/store/accountant_store.h"
#include "negotiator/accountant/store/schema.h"
#include "policy/config.h"
#include "policy/config_file_system.h"
#include "policy/config_reader.h"
#include "policy/group_tree.h"
#include "policy/load_policy.h"
#include "policy/policy.h"
#include "tools/tool_version.h"

namespace {

using classad::Status;
using classad::StatusCode;
using negotiator::Accountant;
using negotiator::CustomerRecord;
using negotiator::DurableAccountant;

constexpr int kOk = 0, kRefused = 1, kUnreadable = 2, kUsage = 3;

// A submitter name given to an edit is refused above this many bytes.
constexpr size_t kMaxNameBytes = 4096;
// HTCondor keeps floors, ceilings and usage times in C ints.
constexpr int64_t kMaxInt = std::numeric_limits<int32_t>::max();
// The default listing shows the records used in the last day.
constexpr int64_t kActiveWindow = 24 * 60 * 60;

constexpr const char* kUsageText =
    "usage: userprio [-config FILE]... [--state DB] [--now EPOCH] [DISPLAY-OPTION]... [NAME]...\n"
    "       userprio [-config FILE]... [--state DB] [--now EPOCH] EDIT-OPTION\n"
    "       userprio [-config FILE]... [--state DB] --export FILE.json | --import FILE.json\n"
    "       userprio [-config FILE]... [--state DB] --import-condor FILE\n"
    "       userprio -help | -version\n";

constexpr const char* kHelpText =
    "Shows and edits the accountant's user priorities as condor_userprio does,\n"
    "reading and writing the accountant's database directly. The database is\n"
    "--state DB (a SQLite file, or postgresql://...), else ACCOUNTANT_DATABASE from\n"
    "the configuration (-config FILE, else CONDOR_CONFIG or the standard places).\n"
    "\n"
    "Display options (listings show the database exactly as stored):\n"
    "  (none)             effective and real priority, factor, weighted in use,\n"
    "                     total usage, usage start and last usage; sorted by\n"
    "                     effective priority\n"
    "  -priority          the priority columns\n"
    "  -usage             the usage columns, sorted by accumulated usage\n"
    "  -most              condor_userprio's default columns (priority, factor, in\n"
    "                     use, total usage, time since last usage, floor, ceiling,\n"
    "                     and the group columns when groups are configured)\n"
    "  -all               every column\n"
    "  -quotas            the group quota table of the last negotiation cycle the\n"
    "                     negotiator stored: configured, effective and subtree\n"
    "                     quota, surplus policy and surplus received, requested,\n"
    "                     allocated, in use, and when the cycle ran (before any\n"
    "                     cycle is stored: the configured quota, the surplus\n"
    "                     policy and in use, the rest n/d)\n"
    "  -grouponly         the group records only\n"
    "  -grouprollup       group usage includes the usage of their subgroups\n"
    "  -flat              do not list submitters under their groups\n"
    "  -hierarchical      list submitters under their groups\n"
    "  -allusers          every record (default: those used in the last 24 hours)\n"
    "  -activefrom M D Y  the records used since that date\n"
    "  -long              one ClassAd per record (HTCondor's attribute names;\n"
    "                     Priority is the effective priority, as HTCondor reports)\n"
    "  --json             the same ads as JSON\n"
    "  -getreslist USER   the slots charged to USER\n"
    "  -runninghistory    the running-jobs history DIRAC's share corrector reads\n"
    "                     (per cycle, per DIRAC group and per user in it: jobs\n"
    "                     running, jobs in every status); with --json as JSON,\n"
    "                     with -activefrom M D Y since that date, with NAMEs of\n"
    "                     those groups or users only\n"
    "  NAME...            only these records (user@domain exactly, or a name\n"
    "                     without @ matching the part before the last @)\n"
    "\n"
    "Edit options (one per run; each is one transaction; a bad name or value\n"
    "changes nothing):\n"
    "  -setprio USER VALUE      the real priority\n"
    "  -setfactor USER VALUE    the priority factor (at least 1)\n"
    "  -setfloor USER VALUE     the floor (slot weight; 0 clears it)\n"
    "  -setceiling USER VALUE   the ceiling (slot weight; -1 clears it)\n"
    "  -setaccum USER VALUE     the weighted accumulated usage (seconds)\n"
    "  -setbegin USER EPOCH     the usage start time\n"
    "  -setlast USER EPOCH      the last usage time\n"
    "  -resetusage USER         accumulated usage to 0, usage start to now\n"
    "  -resetall                the same for every record\n"
    "  -delete NAME             remove the record\n"
    "  --export FILE.json       write the whole accountant as JSON (- for stdout)\n"
    "  --import FILE.json       replace the whole accountant with FILE's (- for stdin)\n"
    "  --import-condor FILE     replace it with the records of HTCondor's accounting\n"
    "                           ads in FILE (condor_userprio -negotiator -long, old,\n"
    "                           new or JSON syntax, or -legacy); claims are not\n"
    "                           imported: the next cycle finds them in the slot ads\n"
    "\n"
    "  -config FILE       read FILE (a folder: its files); may be repeated\n"
    "  --state DB         the accountant's database\n"
    "  --now EPOCH        the time to use instead of the clock\n"
    "\n"
    "Options may be written with one dash or two. Exit status: 0 done; 1 refused\n"
    "(a bad name or value, a record that does not exist; nothing changed); 2 the\n"
    "configuration, the database or a file cannot be read or written; 3 bad usage.\n";

// ---------------------------------------------------------------- columns

// The table's columns, in condor_userprio's order.
enum Column : uint32_t {
  kEffQuota = 1u << 0,
  kCfgQuota = 1u << 1,
  kSurplus = 1u << 2,
  kTreeQuota = 1u << 3,
  kPriority = 1u << 4,
  kRealPrio = 1u << 5,
  kFactor = 1u << 6,
  kResUsed = 1u << 7,
  kWtResUsed = 1u << 8,
  kUseTime1 = 1u << 9,
  kUseTime2 = 1u << 10,
  kUseDeltaT = 1u << 11,
  kRequested = 1u << 12,
  kFloor = 1u << 13,
  kCeiling = 1u << 14,
  // This project's: the last stored cycle's surplus and allocation.
  kSurplusGot = 1u << 15,
  kAllocated = 1u << 16,
};
constexpr uint32_t kQuotaColumns = kEffQuota | kCfgQuota | kTreeQuota | kSurplus | kRequested;
constexpr uint32_t kPrioColumns = kPriority | kRealPrio | kFactor;
constexpr uint32_t kUsageColumns = kResUsed | kWtResUsed | kUseTime1 | kUseTime2;
constexpr uint32_t kDefaultColumns = kPrioColumns | kUsageColumns;
constexpr uint32_t kMostColumns = kCfgQuota | kSurplus | kPriority | kFactor | kResUsed |
                                  kWtResUsed | kUseDeltaT | kRequested | kCeiling | kFloor;
constexpr uint32_t kAllColumns = kMostColumns | kQuotaColumns | kPrioColumns | kUsageColumns;
// Added to -quotas and -all when a negotiation cycle is stored.
constexpr uint32_t kCycleColumns = kSurplusGot | kAllocated;

struct ColumnInfo {
  Column column;
  int width;
  const char* heading1;
  const char* heading2;
};

// condor_userprio's widths and headings.
constexpr ColumnInfo kColumns[] = {
    {kEffQuota, 9, "Effective", "Quota"},
    {kCfgQuota, 9, "Config", "Quota"},
    {kSurplus, 7, "Use", "Surplus"},
    {kTreeQuota, 9, "Subtree", "Quota"},
    {kPriority, 12, "Effective", "Priority"},
    {kRealPrio, 8, "Real", "Priority"},
    {kFactor, 9, "Priority", "Factor"},
    {kResUsed, 6, "Wghted", "In Use"},
    {kWtResUsed, 12, "Total Usage", "(wghted-hrs)"},
    {kUseTime1, 16, "Usage", "Start Time"},
    {kUseTime2, 16, "Last", "Usage Time"},
    {kUseDeltaT, 10, "Time Since", "Last Usage"},
    {kRequested, 10, "Weighted", "Requested"},
    {kFloor, 9, "Submitter", "Floor"},
    {kCeiling, 9, "Submitter", "Ceiling"},
    {kSurplusGot, 9, "Surplus", "Received"},
    {kAllocated, 9, "Weighted", "Allocated"},
};

// ---------------------------------------------------------------- the request

enum class Edit {
  kNone,
  kSetPrio,
  kSetFactor,
  kSetFloor,
  kSetCeiling,
  kSetAccum,
  kSetBegin,
  kSetLast,
  kResetUsage,
  kResetAll,
  kDelete
};

// What the command line asks for.
struct Request {
  std::vector<std::string> config_files;
  std::string state;
  bool now_given = false;
  int64_t now = 0;
  bool help = false;
  // listing
  uint32_t columns = 0;
  bool quotas = false, grouponly = false, rollup = false, flat = false, hierarchical = false;
  bool allusers = false;
  bool activefrom = false;
  int active_month = 0, active_day = 0, active_year = 0;
  bool long_ads = false, json = false;
  bool reslist = false;
  std::string reslist_user;
  bool running_history = false;  // -runninghistory
  std::vector<std::string> names;
  bool display_options = false;  // any option above was given
  // edits
  Edit edit = Edit::kNone;
  std::string edit_option;  // as written
  std::string edit_name;
  std::string edit_value;
  // import / export
  bool do_export = false, do_import = false;
  bool import_condor = false;  // --import-condor: FILE holds HTCondor's accounting ads
  std::string file;
};

// Parses a whole decimal integer (an optional '-', digits).
bool ParseInteger(std::string_view text, int64_t* out) {
  const char* first = text.data();
  const char* last = first + text.size();
  const std::from_chars_result r = std::from_chars(first, last, *out);
  return !text.empty() && r.ec == std::errc() && r.ptr == last;
}

// Parses a whole finite decimal number.
bool ParseReal(std::string_view text, double* out) {
  const char* first = text.data();
  const char* last = first + text.size();
  const std::from_chars_result r = std::from_chars(first, last, *out);
  return !text.empty() && r.ec == std::errc() && r.ptr == last && std::isfinite(*out);
}

// Parses argv; false (with a message on stderr) on bad usage.
bool ParseArguments(int argc, char** argv, Request* request) {
  int i = 1;
  auto next = [&](const std::string& flag, std::string* out) {
    if (i + 1 >= argc) {
      std::cerr << "userprio: " << flag << " needs a value\n";
      return false;
    }
    *out = argv[++i];
    return true;
  };
  auto set_edit = [&](Edit edit, const std::string& flag, int values) {
    if (request->edit != Edit::kNone) {
      std::cerr << "userprio: give one edit option (" << request->edit_option << " and " << flag
                << ")\n";
      return false;
    }
    request->edit = edit;
    request->edit_option = flag;
    if (values >= 1 && !next(flag, &request->edit_name)) return false;
    if (values >= 2) {
      if (i + 1 >= argc) {
        std::cerr << "userprio: " << flag << " needs a submitter name and a value\n";
        return false;
      }
      request->edit_value = argv[++i];
    }
    return true;
  };
  for (; i < argc; ++i) {
    const std::string arg = argv[i];
    // Options take one dash or two.
    const std::string flag = arg.size() > 2 && arg[0] == '-' && arg[1] == '-' ? arg.substr(1) : arg;
    if (flag == "-config") {
      std::string file;
      if (!next(arg, &file)) return false;
      request->config_files.push_back(file);
    } else if (flag == "-state") {
      if (!next(arg, &request->state)) return false;
      if (request->state.empty()) {
        std::cerr << "userprio: " << arg << " needs a database\n";
        return false;
      }
    } else if (flag == "-now") {
      std::string value;
      if (!next(arg, &value)) return false;
      if (!ParseInteger(value, &request->now) || request->now < 0) {
        std::cerr << "userprio: " << arg << " needs seconds since the epoch, not " << value << "\n";
        return false;
      }
      request->now_given = true;
    } else if (flag == "-help" || flag == "-h") {
      request->help = true;
    } else if (flag == "-all") {
      request->columns |= kAllColumns;
      request->display_options = true;
    } else if (flag == "-most") {
      request->columns |= kMostColumns;
      request->display_options = true;
    } else if (flag == "-usage") {
      request->columns |= kUsageColumns;
      request->display_options = true;
    } else if (flag == "-priority") {
      request->columns |= kPrioColumns;
      request->display_options = true;
    } else if (flag == "-quotas") {
      request->quotas = true;
      request->display_options = true;
    } else if (flag == "-grouponly") {
      request->grouponly = true;
      request->display_options = true;
    } else if (flag == "-grouprollup") {
      request->rollup = true;
      request->display_options = true;
    } else if (flag == "-flat") {
      request->flat = true;
      request->display_options = true;
    } else if (flag == "-hierarchical") {
      request->hierarchical = true;
      request->display_options = true;
    } else if (flag == "-allusers") {
      request->allusers = true;
      request->display_options = true;
    } else if (flag == "-activefrom") {
      int64_t parts[3];
      for (int64_t& part : parts) {
        if (i + 1 >= argc || !ParseInteger(argv[i + 1], &part) || part < 0 || part > 9999) {
          std::cerr << "userprio: " << arg << " needs a month, a day and a year\n";
          return false;
        }
        ++i;
      }
      request->activefrom = true;
      request->active_month = static_cast<int>(parts[0]);
      request->active_day = static_cast<int>(parts[1]);
      request->active_year = static_cast<int>(parts[2]);
      request->display_options = true;
    } else if (flag == "-long") {
      request->long_ads = true;
      request->display_options = true;
    } else if (flag == "-json") {
      request->json = true;
      request->display_options = true;
    } else if (flag == "-getreslist") {
      if (!next(arg, &request->reslist_user)) return false;
      request->reslist = true;
    } else if (flag == "-runninghistory") {
      request->running_history = true;
    } else if (flag == "-setprio") {
      if (!set_edit(Edit::kSetPrio, arg, 2)) return false;
    } else if (flag == "-setfactor") {
      if (!set_edit(Edit::kSetFactor, arg, 2)) return false;
    } else if (flag == "-setfloor") {
      if (!set_edit(Edit::kSetFloor, arg, 2)) return false;
    } else if (flag == "-setceiling") {
      if (!set_edit(Edit::kSetCeiling, arg, 2)) return false;
    } else if (flag == "-setaccum") {
      if (!set_edit(Edit::kSetAccum, arg, 2)) return false;
    } else if (flag == "-setbegin") {
      if (!set_edit(Edit::kSetBegin, arg, 2)) return false;
    } else if (flag == "-setlast") {
      if (!set_edit(Edit::kSetLast, arg, 2)) return false;
    } else if (flag == "-resetusage") {
      if (!set_edit(Edit::kResetUsage, arg, 1)) return false;
    } else if (flag == "-resetall") {
      if (!set_edit(Edit::kResetAll, arg, 0)) return false;
    } else if (flag == "-delete") {
      if (!set_edit(Edit::kDelete, arg, 1)) return false;
    } else if (flag == "-export" || flag == "-import" || flag == "-import-condor") {
      if (request->do_export || request->do_import) {
        std::cerr << "userprio: give --export or --import once\n";
        return false;
      }
      (flag == "-export" ? request->do_export : request->do_import) = true;
      request->import_condor = flag == "-import-condor";
      if (!next(arg, &request->file)) return false;
      if (request->file.empty()) {
        std::cerr << "userprio: " << arg << " needs a file name\n";
        return false;
      }
    } else if (arg.size() > 1 && arg[0] == '-') {
      std::cerr << "userprio: unknown option " << arg << "\n";
      return false;
    } else {
      request->names.push_back(arg);
    }
  }
  if (request->help) return true;
  const int modes = (request->edit != Edit::kNone ? 1 : 0) + (request->do_export ? 1 : 0) +
                    (request->do_import ? 1 : 0) + (request->reslist ? 1 : 0);
  if (modes > 1) {
    std::cerr << "userprio: give one of an edit option, --export, --import and -getreslist\n";
    return false;
  }
  if (modes == 1 && (request->display_options || !request->names.empty() ||
                     request->running_history)) {
    std::cerr << "userprio: display options and names go with a listing only\n";
    return false;
  }
  if (request->running_history &&
      (request->columns != 0 || request->quotas || request->grouponly || request->rollup ||
       request->flat || request->hierarchical || request->allusers || request->long_ads)) {
    std::cerr << "userprio: -runninghistory goes with --json, -activefrom and names only\n";
    return false;
  }
  return true;
}

// ---------------------------------------------------------------- names and values

// Empty when `name` can name a record; else why not. `full` asks for a
// submitter's full name (user@domain), as condor_userprio's edits do.
std::string CheckName(const std::string& option, const std::string& name, bool full) {
  if (name.empty()) return option + " needs a name, not an empty one";
  if (name.size() > kMaxNameBytes) {
    return option + ": the name is longer than " + std::to_string(kMaxNameBytes) + " bytes";
  }
  if (!classad::IsValidUtf8(name)) return option + ": the name is not valid UTF-8";
  for (char ch : name) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c <= ' ' || c == 0x7f) {
      return option + ": the name \"" + name +
             "\" holds a blank or a control character (HTCondor refuses such submitter names)";
    }
  }
  const size_t at = name.rfind('@');
  if (full && (at == std::string::npos || at == 0 || at + 1 == name.size())) {
    return option + " needs the full name of a submitter (user@domain), not \"" + name + "\"";
  }
  return "";
}

// An edit's value, checked.
struct EditValue {
  double real = 0;
  int64_t integer = 0;
};

// The accountant library's edit for a command-line edit (not kNone).
negotiator::AccountantEditKind EditKind(Edit edit) {
  using Kind = negotiator::AccountantEditKind;
  switch (edit) {
    case Edit::kSetPrio: return Kind::kSetPriority;
    case Edit::kSetFactor: return Kind::kSetFactor;
    case Edit::kSetFloor: return Kind::kSetFloor;
    case Edit::kSetCeiling: return Kind::kSetCeiling;
    case Edit::kSetAccum: return Kind::kSetAccumulatedUsage;
    case Edit::kSetBegin: return Kind::kSetBeginUsageTime;
    case Edit::kSetLast: return Kind::kSetLastUsageTime;
    case Edit::kResetUsage: return Kind::kResetUsage;
    case Edit::kResetAll: return Kind::kResetAllUsage;
    case Edit::kDelete:
    case Edit::kNone: break;
  }
  return Kind::kDelete;
}

// Empty when the edit's name and value are good (filling `value`); else
// the message.
std::string CheckEdit(const Request& r, EditValue* value) {
  const std::string& option = r.edit_option;
  if (r.edit == Edit::kResetAll) return "";
  if (std::string bad = CheckName(option, r.edit_name, r.edit != Edit::kDelete); !bad.empty()) {
    return bad;
  }
  const std::string& text = r.edit_value;
  auto real_at_least = [&](double minimum, const char* what) -> std::string {
    if (!ParseReal(text, &value->real))
      return option + ": " + what + " must be a number, not " + text;
    if (value->real < minimum) {
      std::ostringstream m;
      m << option << ": " << what << " must be at least " << minimum << ", not " << text;
      return m.str();
    }
    return "";
  };
  auto integer_in = [&](int64_t minimum, const char* what) -> std::string {
    if (!ParseInteger(text, &value->integer)) {
      return option + ": " + what + " must be a whole number, not " + text;
    }
    if (value->integer < minimum || value->integer > kMaxInt) {
      return option + ": " + what + " must be from " + std::to_string(minimum) + " to " +
             std::to_string(kMaxInt) + ", not " + text;
    }
    return "";
  };
  switch (r.edit) {
    case Edit::kSetPrio:
      return real_at_least(0, "a priority");
    case Edit::kSetFactor:
      return real_at_least(negotiator::kMinPriorityFactor, "a priority factor");
    case Edit::kSetAccum:
      return real_at_least(0, "the accumulated usage");
    case Edit::kSetFloor:
      return integer_in(0, "a floor");
    case Edit::kSetCeiling:
      return integer_in(-1, "a ceiling");
    case Edit::kSetBegin:
    case Edit::kSetLast:
      if (!ParseInteger(text, &value->integer) || value->integer < 0) {
        return option + ": a time must be a whole number of seconds since the epoch, not " + text;
      }
      return "";
    default:
      return "";
  }
}

// ---------------------------------------------------------------- formatting

enum class Align { kLeft, kRight, kCenter };

// `text` in exactly `width` columns (cut when longer).
std::string Fit(std::string_view text, size_t width, Align align) {
  if (text.size() >= width) return std::string(text.substr(0, width));
  const size_t room = width - text.size();
  const size_t left = align == Align::kLeft ? 0 : align == Align::kRight ? room : room / 2;
  return std::string(left, ' ') + std::string(text) + std::string(room - left, ' ');
}

// `value` with `decimals` decimals, right-aligned in `width`; a value too
// wide is written in %g with width - 6 digits (condor_userprio's rule).
std::string Fixed(double value, int width, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%*.*f", width, decimals, value);
  if (static_cast<int>(std::strlen(text)) > width) {
    std::snprintf(text, sizeof text, "%.*g", std::max(1, width - 6), value);
  }
  return Fit(text, static_cast<size_t>(width), Align::kRight);
}

bool LocalTime(int64_t when, std::tm* out) {
  const std::time_t t = static_cast<std::time_t>(when);
  return localtime_r(&t, out) != nullptr;
}

// "m/dd/yyyy hh:mm" (HTCondor's format_date_year); empty for 0 or less.
std::string LongDate(int64_t when) {
  std::tm tm;
  if (when <= 0 || !LocalTime(when, &tm)) return "";
  char text[64];
  std::snprintf(text, sizeof text, "%2d/%02d/%-4d %02d:%02d", tm.tm_mon + 1, tm.tm_mday,
                tm.tm_year + 1900, tm.tm_hour, tm.tm_min);
  return text;
}

// The start of -activefrom's local day (epoch seconds).
int64_t ActiveFrom(const Request& r) {
  std::tm tm{};
  int year = r.active_year;
  if (year < 50) year += 100;  // as condor_userprio: 1 1 00 is 2000
  if (year > 1900) year -= 1900;
  tm.tm_year = year;
  tm.tm_mon = r.active_month - 1;
  tm.tm_mday = r.active_day;
  tm.tm_isdst = -1;
  return static_cast<int64_t>(std::mktime(&tm));
}

// "m/d hh:mm" (HTCondor's format_date).
std::string ShortDate(int64_t when) {
  std::tm tm;
  if (when < 0 || !LocalTime(when, &tm)) return "    ???    ";
  char text[64];
  std::snprintf(text, sizeof text, "%2d/%-2d %02d:%02d", tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min);
  return text;
}

// "ddd+hh:mm" (HTCondor's format_time_nosecs), or with ":ss".
std::string Elapsed(int64_t seconds, bool with_seconds) {
  if (seconds < 0) return "[?????]";
  char text[64];
  const long long days = seconds / 86400, hours = seconds % 86400 / 3600,
                  minutes = seconds % 3600 / 60, secs = seconds % 60;
  if (with_seconds) {
    std::snprintf(text, sizeof text, "%3lld+%02lld:%02lld:%02lld", days, hours, minutes, secs);
  } else {
    std::snprintf(text, sizeof text, "%3lld+%02lld:%02lld", days, hours, minutes);
  }
  return text;
}

// `line` without trailing blanks, and a newline.
void AppendLine(std::string line, std::string* out) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
  out->append(line);
  out->push_back('\n');
}

// ---------------------------------------------------------------- the table

// One line of the table: a record, or a configured group without one.
struct Row {
  std::string name;
  std::string display;    // as printed (indented under its group, prefix cut)
  bool is_group = false;  // a name without '@' (HTCondor's test)
  bool has_record = false;
  bool active = false;  // passes the activity window and the NAME filter
  int group = 0;        // users: the assigned group; groups: their own (-1: not configured)
  bool prios = true;    // the priority columns apply (not for a rolled-up group)
  double eup = 0, rup = 0, factor = 0;
  double in_use = 0, weighted_accumulated = 0;
  int64_t begin = 0, last = 0, ceiling = -1, floor = 0;
  // Groups: the last stored cycle's line for this group, or null.
  const negotiator::GroupQuotaRecord* cycle = nullptr;
  bool in_use_from_cycle = false;  // in_use is the cycle's (the -quotas table)
};

// The last stored negotiation cycle's group quota table, by group name.
using CycleTable = std::map<std::string_view, const negotiator::GroupQuotaRecord*>;

CycleTable CycleTableOf(const Accountant& a) {
  CycleTable table;
  for (const negotiator::GroupQuotaRecord& g : a.group_quota_records()) table.emplace(g.name, &g);
  return table;
}

// The listing's inputs.
struct Listing {
  const Request& request;
  const Accountant& accountant;
  const policy::GroupTree& tree;
  int64_t min_last_usage = 0;  // rows last used before this are left out (-1: none)
  CycleTable cycle;            // the last stored cycle's group quotas (may be empty)
  std::string store;           // the store, for notes
  int schema_version = 0;      // the store's, as opened
};

bool IsRoot(const Row& row) { return row.group == 0; }

// Whether record `name` is one NAME asked for: exactly, or (a NAME
// without '@') the part before its last '@'.
bool NameMatches(std::string_view record, std::string_view wanted) {
  if (record == wanted) return true;
  if (wanted.find('@') != std::string_view::npos) return false;
  const size_t at = record.rfind('@');
  return at != std::string_view::npos && record.substr(0, at) == wanted;
}

Row MakeRow(const Listing& l, const CustomerRecord& c,
            const std::map<std::string_view, negotiator::GroupUsage>& rolled_up) {
  Row row;
  row.name = c.name;
  row.has_record = true;
  row.is_group = c.name.find('@') == std::string::npos;
  if (row.is_group) {
    row.group = c.name == policy::kRootGroupName ? 0 : l.tree.Find(c.name);
  } else {
    row.group = l.tree.groups().empty() ? 0 : l.tree.AssignedGroup(c.name);
  }
  row.eup = l.accountant.EffectivePriority(c.name);
  row.rup = l.accountant.RealPriority(c.name);
  row.factor = l.accountant.PriorityFactor(c.name);
  row.in_use = c.weighted_resources_used;
  row.weighted_accumulated = c.weighted_accumulated_usage;
  row.begin = c.begin_usage_time;
  row.last = c.last_usage_time;
  row.ceiling = l.accountant.GetCeiling(c.name);
  row.floor = l.accountant.GetFloor(c.name);
  if (row.is_group) {
    if (auto it = l.cycle.find(c.name); it != l.cycle.end()) row.cycle = it->second;
  }
  if (row.is_group && l.request.rollup) {
    auto it = rolled_up.find(c.name);
    if (it != rolled_up.end()) {
      row.in_use = it->second.weighted_resources_used;
      row.weighted_accumulated = it->second.weighted_accumulated_usage;
      row.begin = it->second.begin_usage_time;
      row.last = it->second.last_usage_time;
    }
    row.prios = false;
  }
  const int64_t last = row.last == 0 ? -1 : row.last;
  bool named = l.request.names.empty();
  for (const std::string& wanted : l.request.names) named = named || NameMatches(c.name, wanted);
  row.active = named && last >= l.min_last_usage;
  return row;
}

// The configured group `row` is (null for a user or an unconfigured group).
const policy::GroupConfig* GroupOf(const Listing& l, const Row& row) {
  if (!row.is_group || row.group < 0 || static_cast<size_t>(row.group) >= l.tree.groups().size()) {
    return nullptr;
  }
  return &l.tree.groups()[static_cast<size_t>(row.group)];
}

// The cell of `column` for `row`, `width` wide.
std::string Cell(const Listing& l, const Row& row, const ColumnInfo& info) {
  const size_t width = static_cast<size_t>(info.width);
  const policy::GroupConfig* group = GroupOf(l, row);
  const std::string blank(width, ' ');
  // A value of the last stored cycle: n/d for a group the stored cycle did
  // not have (or when none is stored), blank for a submitter.
  auto from_cycle = [&](double negotiator::GroupQuotaRecord::*field) {
    if (!row.is_group) return blank;
    return row.cycle != nullptr ? Fixed(row.cycle->*field, info.width, 2)
                                : Fit("n/d", width, Align::kRight);
  };
  switch (info.column) {
    case kEffQuota:
      return from_cycle(&negotiator::GroupQuotaRecord::effective_quota);
    case kTreeQuota:
      return from_cycle(&negotiator::GroupQuotaRecord::subtree_quota);
    case kRequested:
      return from_cycle(&negotiator::GroupQuotaRecord::requested);
    case kSurplusGot:
      return from_cycle(&negotiator::GroupQuotaRecord::surplus);
    case kAllocated:
      return from_cycle(&negotiator::GroupQuotaRecord::allocated);
    case kCfgQuota:
      if (!row.is_group) return blank;
      // The quota the stored cycle used, else the configuration's.
      if (row.cycle != nullptr) return Fixed(row.cycle->configured_quota, info.width, 2);
      return group != nullptr ? Fixed(group->config_quota, info.width, 2)
                              : Fit("n/d", width, Align::kRight);
    case kSurplus:
      if (group == nullptr) return blank;
      if (row.group == 0) return Fit("yes", width, Align::kLeft);
      return Fit(group->autoregroup      ? "Regroup"
                 : group->accept_surplus ? "ByQuota"
                                         : "no",
                 width, Align::kLeft);
    case kPriority:
      // condor_userprio leaves a group's priority out: it means nothing.
      return row.has_record && row.prios && !row.is_group ? Fixed(row.eup, info.width, 2) : blank;
    case kRealPrio:
      return row.has_record && row.prios && row.factor > 0 ? Fixed(row.rup, info.width, 2) : blank;
    case kFactor:
      return row.has_record && row.prios && row.factor > 0 ? Fixed(row.factor, info.width, 2)
                                                           : blank;
    case kResUsed:
      return row.has_record || row.in_use_from_cycle ? Fixed(row.in_use, info.width, 0) : blank;
    case kWtResUsed:
      return row.has_record ? Fixed(row.weighted_accumulated / 3600.0, info.width, 2) : blank;
    case kUseTime1:
      return Fit(LongDate(row.begin), width, Align::kRight);
    case kUseTime2:
      return Fit(LongDate(row.last), width, Align::kRight);
    case kUseDeltaT:
      if (!row.has_record || row.last <= 0) return blank;
      return Fit(row.last >= l.accountant.last_update_time()
                     ? std::string("<now>")
                     : Elapsed(l.accountant.last_update_time() - row.last, false),
                 width, Align::kRight);
    case kFloor:
      return row.has_record && row.floor > 0 ? Fixed(static_cast<double>(row.floor), info.width, 2)
                                             : blank;
    case kCeiling:
      return row.has_record && row.ceiling > -1
                 ? Fixed(static_cast<double>(row.ceiling), info.width, 2)
                 : blank;
  }
  return blank;
}

// The sort key of the table: the effective priority when that column is
// shown, else the accumulated usage when a usage column is, else none
// (by name).
bool RowBefore(uint32_t columns, const Row& a, const Row& b) {
  if (columns & kPriority) {
    if (a.eup != b.eup) return a.eup < b.eup;
  } else if (columns & (kResUsed | kWtResUsed)) {
    if (a.weighted_accumulated != b.weighted_accumulated) {
      return a.weighted_accumulated < b.weighted_accumulated;
    }
  }
  return a.name < b.name;
}

// Prints the priority table. Returns kOk, or kRefused when a NAME matched
// nothing.
int PrintTable(const Listing& l) {
  const Request& r = l.request;
  const policy::GroupTree& tree = l.tree;
  const Accountant& a = l.accountant;

  std::map<std::string_view, negotiator::GroupUsage> rolled_up;
  if (r.rollup) {
    for (const negotiator::GroupUsage& g : a.GroupReport(true)) rolled_up.emplace(g.name, g);
  }
  std::vector<Row> rows;
  rows.reserve(a.customers().size());
  for (const CustomerRecord& c : a.customers()) rows.push_back(MakeRow(l, c, rolled_up));

  int status = kOk;
  for (const std::string& wanted : r.names) {
    bool found = false;
    for (const Row& row : rows) found = found || NameMatches(row.name, wanted);
    if (!found) {
      std::cerr << "userprio: no accountant record matches " << wanted << "\n";
      status = kRefused;
    }
  }

  // Which columns.
  uint32_t columns = r.columns;
  const bool only_quotas = r.quotas && columns == 0;
  const bool cycle_stored = !l.cycle.empty();
  if (r.quotas) columns |= kQuotaColumns | kResUsed;
  if (cycle_stored && (r.quotas || (columns & kAllColumns) == kAllColumns)) {
    columns |= kCycleColumns;
  }
  if (columns == 0) columns = kDefaultColumns;
  if (!tree.enabled() && !r.quotas) columns &= ~(kQuotaColumns | kCycleColumns);
  const bool groups_only = only_quotas || r.grouponly;

  int users = 0;
  bool grouped_user = false;
  for (const Row& row : rows) {
    if (row.is_group || !row.active) continue;
    ++users;
    grouped_user = grouped_user || !IsRoot(row);
  }
  const bool hierarchical =
      !r.flat && !groups_only && tree.enabled() && (r.hierarchical || grouped_user);

  // Which rows, in which order.
  auto before = [columns](const Row* x, const Row* y) { return RowBefore(columns, *x, *y); };
  std::vector<Row> synthesized;  // configured groups shown without a record
  std::vector<Row*> shown;
  if (only_quotas) {
    // The group table: every configured group, the root last; then the
    // groups of the stored cycle that are no longer configured, by name.
    std::map<int, Row*> records;
    std::map<std::string_view, Row*> unconfigured;
    for (Row& row : rows) {
      if (row.is_group && row.group >= 0) records.emplace(row.group, &row);
      if (row.is_group && row.group < 0) unconfigured.emplace(row.name, &row);
    }
    synthesized.reserve(tree.groups().size() + l.cycle.size());
    for (size_t i = 1; i <= tree.groups().size(); ++i) {
      const int g = static_cast<int>(i % tree.groups().size());
      auto it = records.find(g);
      if (it != records.end()) {
        shown.push_back(it->second);
        continue;
      }
      Row row;
      row.name = tree.groups()[static_cast<size_t>(g)].name;
      row.is_group = true;
      row.group = g;
      if (auto c = l.cycle.find(row.name); c != l.cycle.end()) row.cycle = c->second;
      synthesized.push_back(row);
      shown.push_back(&synthesized.back());
    }
    for (const auto& [name, record] : l.cycle) {
      if (tree.Find(name) >= 0 || name == policy::kRootGroupName) continue;
      auto it = unconfigured.find(name);
      if (it != unconfigured.end()) {
        shown.push_back(it->second);
        continue;
      }
      Row row;
      row.name = std::string(name);
      row.is_group = true;
      row.group = -1;
      row.cycle = record;
      synthesized.push_back(row);
      shown.push_back(&synthesized.back());
    }
    // In use as the cycle left it, next to what it allocated.
    for (Row* row : shown) {
      if (row->cycle == nullptr) continue;
      row->in_use = row->cycle->usage;
      row->in_use_from_cycle = true;
    }
  } else if (!hierarchical) {
    for (Row& row : rows) {
      if (!row.active || (groups_only && !row.is_group)) continue;
      // Without users in groups, the root's line only repeats the users'.
      if (row.is_group && IsRoot(row) && !grouped_user && !groups_only) continue;
      shown.push_back(&row);
    }
    std::sort(shown.begin(), shown.end(), before);
  } else {
    // Each group, then its users; groups in the table's order, the root last.
    std::map<int, std::vector<Row*>> members;
    std::map<int, Row*> group_rows;
    std::vector<Row*> unconfigured;
    for (Row& row : rows) {
      if (row.is_group) {
        if (row.group >= 0) {
          group_rows.emplace(row.group, &row);
        } else if (row.active) {
          unconfigured.push_back(&row);
        }
      } else if (row.active) {
        members[row.group].push_back(&row);
      }
    }
    std::vector<Row*> heads;
    synthesized.reserve(members.size());
    for (size_t g = 0; g < tree.groups().size(); ++g) {
      const int index = static_cast<int>(g);
      auto it = group_rows.find(index);
      const bool has_members = members.count(index) > 0;
      if (it != group_rows.end() && (it->second->active || has_members)) {
        heads.push_back(it->second);
      } else if (it == group_rows.end() && has_members) {
        Row row;
        row.name = tree.groups()[g].name;
        row.is_group = true;
        row.group = index;
        synthesized.push_back(row);
        heads.push_back(&synthesized.back());
      }
    }
    heads.insert(heads.end(), unconfigured.begin(), unconfigured.end());
    std::sort(heads.begin(), heads.end(), [&](const Row* x, const Row* y) {
      if (IsRoot(*x) != IsRoot(*y)) return IsRoot(*y);
      if (x->has_record != y->has_record) return x->has_record;
      return before(x, y);
    });
    for (Row* head : heads) {
      shown.push_back(head);
      if (head->group < 0) continue;
      std::vector<Row*>& users_of = members[head->group];
      std::sort(users_of.begin(), users_of.end(), before);
      shown.insert(shown.end(), users_of.begin(), users_of.end());
    }
  }

  // The names as printed, and the name column's width.
  for (Row* row : shown) {
    row->display = row->name;
    if (hierarchical && !row->is_group) {
      std::string_view name = row->name;
      if (!IsRoot(*row)) {
        const std::string& group = tree.groups()[static_cast<size_t>(row->group)].name;
        if (name.size() > group.size() + 1) name.remove_prefix(group.size() + 1);
      }
      row->display = "  " + std::string(name);
    }
  }
  const std::string footer = "Number of users: " + std::to_string(users);
  size_t name_width = std::max<size_t>(10, footer.size());
  for (const Row* row : shown) name_width = std::max(name_width, row->display.size());
  name_width = std::min<size_t>(name_width, 99);

  std::string out = "Last Priority Update: " + ShortDate(a.last_update_time()) + "\n";
  if (cycle_stored && (columns & kCycleColumns)) {
    int64_t cycle_time = 0;
    for (const auto& [name, record] : l.cycle) cycle_time = std::max(cycle_time, record->cycle_time);
    out += "Last Negotiation Cycle: " + ShortDate(cycle_time) + "\n";
  }
  std::string head1 = Fit(hierarchical || groups_only ? "Group" : "", name_width, Align::kLeft);
  std::string head2 = Fit(groups_only    ? "Name"
                          : hierarchical ? "  User Name"
                                         : "User Name",
                          name_width, Align::kLeft);
  std::string rule(name_width, '-');
  for (const ColumnInfo& info : kColumns) {
    if (!(columns & info.column)) continue;
    const size_t w = static_cast<size_t>(info.width);
    head1 += " " + Fit(info.heading1, w, Align::kCenter);
    head2 += " " + Fit(info.heading2, w, Align::kCenter);
    rule += " " + std::string(w, '-');
  }
  AppendLine(head1, &out);
  AppendLine(head2, &out);
  AppendLine(rule, &out);

  double total_in_use = 0, total_usage = 0;
  for (const Row* row : shown) {
    if (!row->is_group) {
      total_in_use += row->in_use;
      total_usage += row->weighted_accumulated;
    }
    std::string line = Fit(row->display, name_width, Align::kLeft);
    for (const ColumnInfo& info : kColumns) {
      if (columns & info.column) line += " " + Cell(l, *row, info);
    }
    AppendLine(line, &out);
  }
  AppendLine(rule, &out);

  std::string last = Fit(footer, name_width, Align::kLeft);
  for (const ColumnInfo& info : kColumns) {
    if (!(columns & info.column)) continue;
    const size_t w = static_cast<size_t>(info.width);
    std::string cell(w, ' ');
    switch (info.column) {
      case kSurplus:
        cell = Fit(tree.autoregroup_global()      ? "Regroup"
                   : tree.accept_surplus_global() ? "ByQuota"
                                                  : "no",
                   w, Align::kLeft);
        break;
      case kResUsed:
        if (!groups_only) cell = Fixed(total_in_use, info.width, 0);
        break;
      case kWtResUsed:
        if (!groups_only) cell = Fixed(total_usage / 3600.0, info.width, 2);
        break;
      case kUseTime2:
        cell = Fit(LongDate(l.min_last_usage), w, Align::kRight);
        break;
      case kUseDeltaT:
        if (l.min_last_usage > 0) {
          cell = Fit(Elapsed(a.last_update_time() - l.min_last_usage, false), w, Align::kRight);
        }
        break;
      default:
        break;
    }
    last += " " + cell;
  }
  AppendLine(last, &out);
  std::cout << out;
  if (r.quotas && !cycle_stored) {
    // Say why the cycle's columns are n/d, and what fills them.
    if (l.schema_version < negotiator::store_schema::kGroupQuotasSince) {
      std::cerr << "userprio: note: " << l.store << " has schema version " << l.schema_version
                << ", which keeps no negotiation cycle, so effective quota, subtree quota and "
                   "requested are n/d; the negotiator migrates the store when it next opens it "
                   "(as does any userprio edit) and stores every cycle's group quotas from then "
                   "on\n";
    } else {
      std::cerr << "userprio: note: no negotiation cycle with group quotas is stored in "
                << l.store
                << ", so effective quota, subtree quota and requested are n/d; `negotiator cycle "
                   "--state "
                << l.store << " ...` stores the group quotas of each cycle it runs\n";
    }
  }
  return status;
}

// ---------------------------------------------------------------- -long and --json

// -long / --json: the ad of every record asked for (all, or the NAMEs;
// only groups with -grouponly or -quotas), sorted by name.
int PrintAds(const Request& r, const Accountant& a) {
  std::vector<const CustomerRecord*> records;
  for (const CustomerRecord& c : a.customers()) {
    const bool is_group = c.name.find('@') == std::string::npos;
    if ((r.grouponly || r.quotas) && !is_group) continue;
    bool named = r.names.empty();
    for (const std::string& wanted : r.names) named = named || NameMatches(c.name, wanted);
    if (named) records.push_back(&c);
  }
  std::sort(records.begin(), records.end(),
            [](const CustomerRecord* x, const CustomerRecord* y) { return x->name < y->name; });
  int status = kOk;
  for (const std::string& wanted : r.names) {
    bool found = false;
    for (const CustomerRecord& c : a.customers()) found = found || NameMatches(c.name, wanted);
    if (!found) {
      std::cerr << "userprio: no accountant record matches " << wanted << "\n";
      status = kRefused;
    }
  }
  classad::AdWriteOptions options;
  options.format = r.json ? classad::AdFormat::kJson : classad::AdFormat::kOld;
  options.order = classad::AttributeOrder::kInsertion;
  options.pretty = true;
  classad::AdWriter writer(&std::cout, options);
  const negotiator::AccountingAdMaker ads(a);
  for (const CustomerRecord* c : records) {
    if (Status s = writer.Write(ads.Make(*c)); !s.ok()) {
      std::cerr << "userprio: " << s.ToString() << "\n";
      return kUnreadable;
    }
  }
  if (Status s = writer.Finish(); !s.ok()) {
    std::cerr << "userprio: " << s.ToString() << "\n";
    return kUnreadable;
  }
  return status;
}

// -runninghistory: the running-jobs history DIRAC's share corrector reads
// (since -activefrom's date; of the NAMEs, groups or users, when given),
// as a table or with --json as JSON.
int PrintRunningHistory(const Request& r, const Accountant& a) {
  const int64_t since = r.activefrom ? ActiveFrom(r) : std::numeric_limits<int64_t>::min();
  const std::vector<negotiator::RunningJobsRecord> records =
      negotiator::SelectRunningHistory(a.running_history(), r.names, since);
  std::cout << (r.json ? negotiator::RunningHistoryJson(records)
                       : negotiator::RunningHistoryText(records, LongDate));
  if (!r.names.empty() && records.empty() && !a.running_history().empty()) {
    std::cerr << "userprio: no running-jobs sample of";
    for (const std::string& name : r.names) std::cerr << " " << name;
    std::cerr << "\n";
    return kRefused;
  }
  return kOk;
}

// -getreslist USER: the slots charged to USER, as condor_userprio lists them.
int PrintResources(const Accountant& a, const std::string& user, int64_t now) {
  std::vector<const negotiator::ResourceRecord*> mine;
  for (const auto& [name, record] : a.resources()) {
    if (record.remote_user == user) mine.push_back(&record);
  }
  std::sort(mine.begin(), mine.end(),
            [](const auto* x, const auto* y) { return x->name < y->name; });
  std::string out;
  char line[512];
  auto row = [&](const std::string& name, const std::string& start, const std::string& match) {
    std::snprintf(line, sizeof line, "%-30s %12s %12s", name.c_str(), start.c_str(), match.c_str());
    AppendLine(line, &out);
  };
  row("Resource Name", " Start Time", " Match Time");
  row("-------------", " ----------", " ----------");
  for (const negotiator::ResourceRecord* r : mine) {
    std::string name = r->name;
    const size_t at = name.rfind('@');
    if (at != std::string::npos) name.resize(at);  // the startd's address
    row(name, ShortDate(r->start_time), Elapsed(now - r->start_time, true));
  }
  row("-------------", " ------------", " ------------");
  out += "Number of Resources Used: " + std::to_string(mine.size()) + "\n";
  std::cout << out;
  return kOk;
}

// ---------------------------------------------------------------- files


// Writes `text` to `path` ("-": standard output) through a temporary file
// renamed into place, so that a failed write leaves any old file whole.
Status WriteOutput(const std::string& path, const std::string& text) {
  if (path == "-") {
    std::cout << text;
    std::cout.flush();
    return std::cout ? Status::Ok() : Status(StatusCode::kIoError, "cannot write standard output");
  }
  const std::string temporary = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) {
      return Status(StatusCode::kIoError,
                    "cannot write " + temporary + ": " + std::strerror(errno));
    }
    out << text;
    out.flush();
    if (!out) {
      out.close();
      std::remove(temporary.c_str());
      return Status(StatusCode::kIoError, "cannot write " + temporary);
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temporary.c_str());
    return Status(StatusCode::kIoError, "cannot write " + path + ": " + std::strerror(error));
  }
  return Status::Ok();
}

// ---------------------------------------------------------------- the database

// Opens the accountant at `location`. `write` opens for an edit or an
// import (creating the database when missing), else read-only as stored.
// `initialize` runs HTCondor's startup steps (DurableAccountant::Open).
classad::Result<negotiator::OpenedAccountant> OpenAccountant(
    std::shared_ptr<const policy::Policy> policy, const std::string& location, bool write,
    bool initialize, int64_t now) {
  return negotiator::OpenAccountant(std::move(policy), {.store = location},
                                    {.write = write, .initialize = initialize}, now);
}

// Runs the edit `r` asks for (already checked) as one transaction.
int RunEdit(const Request& r, const EditValue& v, std::shared_ptr<const policy::Policy> policy,
            const std::string& location, int64_t now) {
  const std::string& name = r.edit_name;
  if (r.edit == Edit::kDelete) {
    // Refuse before opening for writing: opening charges the downtime.
    auto reader = OpenAccountant(policy, location, false, false, now);
    if (!reader.ok()) {
      std::cerr << "userprio: " << reader.status().ToString() << "\n";
      return kUnreadable;
    }
    if (reader->accountant().FindCustomer(name) == nullptr) {
      std::cerr << "userprio: -delete: the accountant has no record named \"" << name << "\"\n";
      return kRefused;
    }
  }
  auto durable = OpenAccountant(policy, location, true, true, now);
  if (!durable.ok()) {
    std::cerr << "userprio: " << durable.status().ToString() << "\n";
    return kUnreadable;
  }
  const bool existed =
      r.edit == Edit::kResetAll || durable->accountant().FindCustomer(name) != nullptr;
  negotiator::AccountantEdit edit;
  edit.kind = EditKind(r.edit);
  edit.name = name;
  edit.real = v.real;
  edit.integer = v.integer;
  bool refused = false;
  Status s = durable->Update([&](Accountant& a) {
    Status applied = negotiator::ApplyEdit(edit, now, &a);
    refused = applied.code() == StatusCode::kNotFound;
    return applied;
  });
  if (!s.ok()) {
    std::cerr << "userprio: " << s.ToString() << "\n";
    return refused ? kRefused : kUnreadable;
  }
  std::cout << negotiator::EditReport(edit) << "\n";
  if (!existed) {
    std::cerr << "userprio: note: the accountant had no record named " << name
              << "; a new one was made\n";
  }
  return kOk;
}

// "N customer records and M resource records", with ", N customer
// records, M resource records and G group quota records" when the last
// cycle's group quota table is not empty.
std::string RecordCounts(size_t customers, size_t resources, size_t groups) {
  if (groups == 0) {
    return std::to_string(customers) + " customer records and " + std::to_string(resources) +
           " resource records";
  }
  return std::to_string(customers) + " customer records, " + std::to_string(resources) +
         " resource records and " + std::to_string(groups) + " group quota records";
}

// --import, --import-condor: replaces the whole accountant with the file's, in one
// transaction; the file is read and checked before the database is opened.
int RunImport(const Request& r, std::shared_ptr<const policy::Policy> policy,
              const std::string& location, int64_t now) {
  auto snapshot = r.import_condor ? negotiator::ReadAccountingAdsFile(r.file)
                                  : negotiator::ReadAccountantJsonFile(r.file);
  if (!snapshot.ok()) {
    // A document's errors carry file:line:col; the file's own do not.
    const Status& s = snapshot.status();
    std::cerr << (s.where().file.empty() ? "userprio: " : "") << s.ToString() << "\n";
    return kUnreadable;
  }
  const size_t customers = snapshot->customers.size(), resources = snapshot->resources.size(),
               groups = snapshot->group_quotas.size();
  auto durable = OpenAccountant(std::move(policy), location, true, false, now);
  if (!durable.ok()) {
    std::cerr << "userprio: " << durable.status().ToString() << "\n";
    return kUnreadable;
  }
  Status s = durable->Update([&](Accountant& a) {
    a.Restore(std::move(snapshot).value());
    return Status::Ok();
  });
  if (!s.ok()) {
    std::cerr << "userprio: " << s.ToString() << "\n";
    return kUnreadable;
  }
  std::cout << "Imported " << RecordCounts(customers, resources, groups) << " from " << r.file
            << "\n";
  return kOk;
}

// --export: the whole accountant, exactly as stored.
int RunExport(const Request& r, const Accountant& a) {
  const negotiator::AccountantSnapshot snapshot = a.Snapshot();
  if (Status s = WriteOutput(r.file, negotiator::ExportAccountantJson(snapshot)); !s.ok()) {
    std::cerr << "userprio: " << s.ToString() << "\n";
    return kUnreadable;
  }
  if (r.file != "-") {
    std::cout << "Exported "
              << RecordCounts(snapshot.customers.size(), snapshot.resources.size(),
                              snapshot.group_quotas.size())
              << " to " << r.file << "\n";
  }
  return kOk;
}

// The configuration's policy (read as the negotiator reads it,
// docs/userprio.md), its warnings printed; `*location` (--state) defaults
// to ACCOUNTANT_DATABASE.
classad::Result<std::shared_ptr<const policy::Policy>> LoadPolicy(const Request& r,
                                                                  std::string* location) {
  std::vector<Status> warnings;
  classad::Result<std::shared_ptr<const policy::Policy>> loaded =
      policy::LoadPolicy(r.config_files, policy::DaemonConfigOptions("NEGOTIATOR"), &warnings);
  for (const Status& warning : warnings) std::cerr << warning.ToString() << "\n";
  if (!loaded.ok()) return loaded.status();
  if (location->empty()) {
    *location = (*loaded)->accountant.database;  // ACCOUNTANT_DATABASE
    if (location->empty()) {
      return Status(StatusCode::kNotFound,
                    "userprio: no accountant database: give --state DB or set "
                    "ACCOUNTANT_DATABASE in the configuration");
    }
  }
  return *loaded;
}

}  // namespace

int main(int argc, char** argv) {
  if (tools::AsksForVersion(argc, argv)) {
    std::cout << tools::VersionLine("userprio");
    return 0;
  }
  Request request;
  if (!ParseArguments(argc, argv, &request)) {
    std::cerr << kUsageText;
    return kUsage;
  }
  if (request.help) {
    std::cout << kUsageText << "\n" << kHelpText;
    return kOk;
  }
  EditValue value;
  if (request.edit != Edit::kNone) {
    if (std::string bad = CheckEdit(request, &value); !bad.empty()) {
      std::cerr << "userprio: " << bad << "\n";
      return kRefused;
    }
  }
  if (request.reslist) {
    if (std::string bad = CheckName("-getreslist", request.reslist_user, true); !bad.empty()) {
      std::cerr << "userprio: " << bad << "\n";
      return kRefused;
    }
  }
  const int64_t now = request.now_given ? request.now : static_cast<int64_t>(std::time(nullptr));

  std::string location = request.state;
  auto policy = LoadPolicy(request, &location);
  if (!policy.ok()) {
    std::cerr << policy.status().ToString() << "\n";
    return kUnreadable;
  }

  if (request.edit != Edit::kNone) return RunEdit(request, value, *policy, location, now);
  if (request.do_import) return RunImport(request, *policy, location, now);

  // Everything else reads the database exactly as stored.
  auto durable = OpenAccountant(*policy, location, false, false, now);
  if (!durable.ok()) {
    std::cerr << "userprio: " << durable.status().ToString() << "\n";
    return kUnreadable;
  }
  const Accountant& accountant = durable->accountant();
  if (request.do_export) return RunExport(request, accountant);
  const policy::GroupTree& tree = (*policy)->groups.tree;
  if (request.reslist) return PrintResources(accountant, request.reslist_user, now);
  if (request.running_history) return PrintRunningHistory(request, accountant);
  if (request.long_ads || request.json) return PrintAds(request, accountant);

  Listing listing{request, accountant, tree, 0, {}, {}, 0};
  listing.cycle = CycleTableOf(accountant);
  listing.store = durable->durable()->store().Describe();
  listing.schema_version = durable->durable()->store().schema_version();
  listing.min_last_usage = now - kActiveWindow;
  if (request.allusers || !request.names.empty()) listing.min_last_usage = -1;
  if (request.activefrom) listing.min_last_usage = ActiveFrom(request);
  return PrintTable(listing);
}
