#pragma once
// An output file that appears only when complete. Writes go to a temporary
// file in the destination's directory, created when the first byte is
// written; commit() closes it and moves it over the destination (atomic on
// one file system: a reader sees the previous file or the new one; not synced
// to disk: an output can be computed again). Destroyed without a successful commit(), or
// when the process gets SIGINT/SIGTERM (interrupt_cleanup.h), the temporary
// file is removed: a failed run leaves no partial file and keeps any previous one.

#include <memory>
#include <ostream>
#include <string>

namespace kelvin::cli {

class AtomicOutputFile {
 public:
  /// Checks the destination before any work is done. Throws CliError (exit 4)
  /// naming `path` when its directory is missing or not writable, when `path`
  /// exists and is not a regular file (a device, a directory), or when it is
  /// the same file as `input` (the command's input, which it would overwrite).
  AtomicOutputFile(std::string path, const std::string& input);
  ~AtomicOutputFile();
  AtomicOutputFile(const AtomicOutputFile&) = delete;
  AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;

  std::ostream& stream() { return stream_; }

  /// Flushes, checks that every write succeeded (naming the cause: "No space
  /// left on device"), and renames the temporary file to the destination.
  /// Throws CliError (exit 4) on failure.
  void commit();

 private:
  class Buffer;
  std::string path_;
  std::unique_ptr<Buffer> buffer_;
  std::ostream stream_;
  bool committed_ = false;
};

}  // namespace kelvin::cli
