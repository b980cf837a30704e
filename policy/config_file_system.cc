#include "policy/config_file_system.h"

#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

extern char** environ;  // the process's environment (POSIX)

namespace policy {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;
using PathKind = ConfigOptions::FileSystem::PathKind;

// Closes a file descriptor when it goes out of scope.
class FdCloser {
 public:
  explicit FdCloser(int fd) : fd_(fd) {}
  ~FdCloser() {
    if (fd_ >= 0) ::close(fd_);
  }
  FdCloser(const FdCloser&) = delete;
  FdCloser& operator=(const FdCloser&) = delete;

 private:
  int fd_;
};

Result<std::pair<std::string, std::string>> ReadFile(const std::string& path, size_t max_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    const int err = errno;
    return Status(err == ENOENT || err == ENOTDIR ? StatusCode::kNotFound : StatusCode::kIoError,
                  std::strerror(err));
  }
  FdCloser closer(fd);
  struct stat st {};
  if (::fstat(fd, &st) != 0) return Status(StatusCode::kIoError, std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return Status(StatusCode::kIoError, "is a directory");
  if (!S_ISREG(st.st_mode)) {
    return Status(StatusCode::kIoError, "is not a regular file (a FIFO, socket or device)");
  }
  if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    return Status(StatusCode::kLimitExceeded, "is larger than " + std::to_string(max_bytes) +
                                                  " bytes (SourceLimits::max_file_bytes)");
  }
  std::string bytes;
  char buffer[65536];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      return Status(StatusCode::kIoError, std::strerror(errno));
    }
    if (got == 0) break;
    bytes.append(buffer, static_cast<size_t>(got));
    if (bytes.size() > max_bytes) {  // it grew while we read it
      return Status(StatusCode::kLimitExceeded, "is larger than " + std::to_string(max_bytes) +
                                                    " bytes (SourceLimits::max_file_bytes)");
    }
  }
  std::string identity = std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
  return std::make_pair(std::move(bytes), std::move(identity));
}

Result<std::vector<std::string>> ListDirectory(const std::string& dir) {
  std::unique_ptr<DIR, int (*)(DIR*)> handle(::opendir(dir.c_str()), ::closedir);
  if (!handle) return Status(StatusCode::kNotFound, std::strerror(errno));
  std::vector<std::string> files;
  const std::string base = (!dir.empty() && dir.back() == '/') ? dir : dir + "/";
  while (const struct dirent* entry = ::readdir(handle.get())) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    const std::string full = base + name;
    struct stat st {};
    if (::stat(full.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    files.push_back(full);
  }
  return files;
}

PathKind KindOf(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return PathKind::kMissing;
  return S_ISDIR(st.st_mode) ? PathKind::kDirectory : PathKind::kFile;
}

std::optional<std::string> HomeDirectory(const std::string& name) {
  struct passwd pw {};
  struct passwd* found = nullptr;
  std::string buffer(16384, '\0');
  if (::getpwnam_r(name.c_str(), &pw, buffer.data(), buffer.size(), &found) != 0 ||
      found == nullptr || pw.pw_dir == nullptr) {
    return std::nullopt;
  }
  return std::string(pw.pw_dir);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> DetectMachineMacros() {
  std::vector<std::pair<std::string, std::string>> macros;
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0 && host[0] != '\0') {
    const std::string full = host;
    macros.emplace_back("HOSTNAME", full.substr(0, full.find('.')));
    macros.emplace_back("FULL_HOSTNAME", full);
  }
  if (std::optional<std::string> home = HomeDirectory("condor")) {
    macros.emplace_back("TILDE", *home);
  }
  struct passwd pw {};
  struct passwd* found = nullptr;
  std::string buffer(16384, '\0');
  if (::getpwuid_r(::geteuid(), &pw, buffer.data(), buffer.size(), &found) == 0 &&
      found != nullptr && pw.pw_name != nullptr) {
    macros.emplace_back("USERNAME", pw.pw_name);
  }
  return macros;
}

std::vector<std::pair<std::string, std::string>> ProcessEnvironment() {
  std::vector<std::pair<std::string, std::string>> variables;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string text = *entry;
    const size_t equals = text.find('=');
    if (equals == std::string::npos) continue;
    variables.emplace_back(text.substr(0, equals), text.substr(equals + 1));
  }
  return variables;
}

ConfigOptions::FileSystem PosixFileSystem() {
  ConfigOptions::FileSystem fs;
  fs.path_kind = KindOf;
  fs.read_file = ReadFile;
  fs.list_directory = ListDirectory;
  fs.home_directory = HomeDirectory;
  return fs;
}

ConfigOptions::FileSystem WithPosixDefaults(ConfigOptions::FileSystem fs) {
  const ConfigOptions::FileSystem posix = PosixFileSystem();
  if (!fs.path_kind) fs.path_kind = posix.path_kind;
  if (!fs.read_file) fs.read_file = posix.read_file;
  if (!fs.list_directory) fs.list_directory = posix.list_directory;
  if (!fs.home_directory) fs.home_directory = posix.home_directory;
  return fs;
}

ConfigOptions DaemonConfigOptions(std::string subsystem, std::string local_name) {
  ConfigOptions options;
  options.subsystem = std::move(subsystem);
  options.local_name = std::move(local_name);
  options.environment = ProcessEnvironment;
  options.detected = DetectMachineMacros();
  return options;
}

}  // namespace policy
