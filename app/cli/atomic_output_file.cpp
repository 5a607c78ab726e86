#include "cli/atomic_output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli_error.h"

namespace kelvin::cli {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
  throw CliError(kExitOutputError, "cannot " + what + " '" + path + "': " + std::strerror(error));
}

}  // namespace

AtomicOutputFile::AtomicOutputFile(std::string path) : path_(std::move(path)) {
  // Write through a symbolic link to its target, as saving a model does, rather than replace the link.
  std::error_code error;
  if (std::filesystem::is_symlink(path_, error)) {
    const std::filesystem::path target = std::filesystem::weakly_canonical(path_, error);
    if (!error) path_ = target.string();
  }
  // Renaming over a device (/dev/null) or a directory would replace it: refuse anything but a regular file.
  struct stat existing {};
  if (::stat(path_.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
    throw CliError(kExitOutputError, "cannot write '" + path_ + "': not a regular file");
  }
  std::vector<char> name(path_.begin(), path_.end());
  const std::string suffix = ".tmp-XXXXXX";
  name.insert(name.end(), suffix.begin(), suffix.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) fail(path_, "write", errno);
  temporaryPath_ = name.data();
  // mkstemp creates the file 0600; give it the mode a plain new file would get.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  ::close(fd);
  stream_.open(temporaryPath_, std::ios::binary | std::ios::trunc);
  if (!stream_) {
    const int error = errno;
    std::remove(temporaryPath_.c_str());
    fail(path_, "write", error);
  }
}

AtomicOutputFile::~AtomicOutputFile() {
  if (committed_) return;
  stream_.close();
  std::remove(temporaryPath_.c_str());
}

void AtomicOutputFile::commit() {
  stream_.close();
  if (stream_.fail()) fail(path_, "write", EIO);
  if (std::rename(temporaryPath_.c_str(), path_.c_str()) != 0) fail(path_, "create", errno);
  committed_ = true;
}

}  // namespace kelvin::cli
