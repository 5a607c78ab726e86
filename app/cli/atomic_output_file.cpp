#include "cli/atomic_output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <streambuf>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli_error.h"
#include "cli/interrupt_cleanup.h"

namespace kelvin::cli {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
  throw CliError(kExitOutputError, "cannot " + what + " '" + path + "': " + std::strerror(error));
}

}  // namespace

/// Buffers the output and writes it to the temporary file, creating that file
/// with the first write. Keeps the first error (what failed and errno).
class AtomicOutputFile::Buffer : public std::streambuf {
 public:
  explicit Buffer(std::string path) : path_(std::move(path)), data_(64 * 1024) {
    setp(data_.data(), data_.data() + data_.size());
  }
  ~Buffer() override { discard(); }

  /// Writes what is buffered; false once anything has failed.
  bool drain() {
    const char* begin = pbase();
    const std::size_t size = static_cast<std::size_t>(pptr() - pbase());
    setp(data_.data(), data_.data() + data_.size());
    return writeAll(begin, size);
  }

  /// Drains and closes the file (creating it, empty, if nothing was written), then puts it in
  /// place (replaceWith). No fsync: the rename alone makes the file appear whole or not at all
  /// to every reader; a sync would add the disk's latency (milliseconds, more than a small run
  /// takes) to make a result that can be computed again survive a power cut.
  void commit(const std::string& destination) {
    if (!drain() || (fd_ < 0 && !create())) fail(destination, failedStep_, error_);
    if (::close(fd_) != 0 && !failedStep_) failed("write", errno);
    fd_ = -1;
    if (failedStep_) fail(destination, failedStep_, error_);
    replaceWith(destination);
    forgetTemporary(slot_);
    temporary_.clear();
  }

  /// Closes and removes the temporary file, if any.
  void discard() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!temporary_.empty()) ::unlink(temporary_.c_str());
    forgetTemporary(slot_);
    temporary_.clear();
  }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }
  std::streamsize xsputn(const char* text, std::streamsize size) override {
    // A piece at least as large as the buffer (a CSV row of every signal of a large model)
    // goes to the file directly, not copied through the buffer.
    if (static_cast<std::size_t>(size) < data_.size()) return std::streambuf::xsputn(text, size);
    return drain() && writeAll(text, static_cast<std::size_t>(size)) ? size : 0;
  }

 private:
  /// Moves the temporary file to `destination`. An existing destination is swapped with it
  /// (Linux's RENAME_EXCHANGE, atomic like a rename: readers see the old file or the new one)
  /// and the old file, now under the temporary name, removed: a plain rename over an existing
  /// file makes ext4 (its auto_da_alloc) write the new file's data out before returning, some
  /// 3-4 ms on this project's machines, a tenth of a small run. Elsewhere, or when there is
  /// nothing to replace, a plain rename.
  void replaceWith(const std::string& destination) {
#ifdef RENAME_EXCHANGE
    if (::renameat2(AT_FDCWD, temporary_.c_str(), AT_FDCWD, destination.c_str(), RENAME_EXCHANGE) == 0) {
      ::unlink(temporary_.c_str());  // the old output; if it cannot go, the new one is in place all the same
      return;
    }
#endif
    if (std::rename(temporary_.c_str(), destination.c_str()) != 0) fail(destination, "create", errno);
  }

  /// Writes `size` bytes at `begin` to the file, creating it first; false once anything has failed.
  bool writeAll(const char* begin, std::size_t size) {
    if (failedStep_) return false;
    if (size > 0 && fd_ < 0 && !create()) return false;
    for (std::size_t written = 0; written < size;) {
      const ssize_t n = ::write(fd_, begin + written, size - written);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return failed("write", errno);
      written += static_cast<std::size_t>(n);
    }
    return true;
  }

  bool failed(const char* step, int error) {
    if (!failedStep_) {
      failedStep_ = step;
      error_ = error;
    }
    return false;
  }

  bool create() {
    std::vector<char> name(path_.begin(), path_.end());
    const std::string suffix = ".tmp-XXXXXX";
    name.insert(name.end(), suffix.begin(), suffix.end());
    name.push_back('\0');
    const InterruptsHeld held;  // a signal before rememberTemporary would leave the file behind
    fd_ = ::mkstemp(name.data());
    if (fd_ < 0) return failed("write", errno);
    temporary_ = name.data();
    slot_ = rememberTemporary(temporary_);
    // mkstemp creates the file 0600; give it the mode a plain new file would get.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd_, 0666 & ~mask);
    return true;
  }

  std::string path_;
  std::vector<char> data_;
  std::string temporary_;
  int fd_ = -1;
  int slot_ = -1;
  const char* failedStep_ = nullptr;
  int error_ = 0;
};

AtomicOutputFile::AtomicOutputFile(std::string path, const std::string& input)
    : path_(std::move(path)), stream_(nullptr) {
  // Write through a symbolic link to its target, as saving a model does, rather than replace the link.
  std::error_code error;
  if (std::filesystem::is_symlink(path_, error)) {
    const std::filesystem::path target = std::filesystem::weakly_canonical(path_, error);
    if (!error) path_ = target.string();
  }
  struct stat existing {};
  if (::stat(path_.c_str(), &existing) == 0) {
    // Renaming over a device (/dev/null) or a directory would replace it: refuse anything but a regular file.
    if (!S_ISREG(existing.st_mode))
      throw CliError(kExitOutputError, "cannot write '" + path_ + "': not a regular file");
    struct stat in {};
    if (::stat(input.c_str(), &in) == 0 && in.st_dev == existing.st_dev && in.st_ino == existing.st_ino)
      throw CliError(kExitOutputError,
                     "cannot write '" + path_ + "': it is the input file " + input + "; choose another --out");
  }
  // The temporary file comes later, but its directory must take it.
  const std::string directory = std::filesystem::path(path_).parent_path().string();
  if (::access(directory.empty() ? "." : directory.c_str(), W_OK | X_OK) != 0) fail(path_, "write", errno);
  buffer_ = std::make_unique<Buffer>(path_);
  stream_.rdbuf(buffer_.get());
}

AtomicOutputFile::~AtomicOutputFile() {
  if (!committed_) buffer_->discard();
}

void AtomicOutputFile::commit() {
  buffer_->commit(path_);
  committed_ = true;
}

}  // namespace kelvin::cli
