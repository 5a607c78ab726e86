#pragma once
// An output file that appears only when complete. Writes go to a temporary
// file in the destination's directory; commit() renames it over the
// destination (atomic on one file system). Destroyed without a successful
// commit(), the temporary file is removed: a failed run leaves no partial
// file and keeps any previous one.

#include <fstream>
#include <string>

namespace kelvin::cli {

class AtomicOutputFile {
 public:
  /// Creates the temporary file. Throws CliError (exit 4) naming `path` when
  /// it cannot be created (missing directory, no permission) or when `path`
  /// exists and is not a regular file (a device, a directory).
  explicit AtomicOutputFile(std::string path);
  ~AtomicOutputFile();
  AtomicOutputFile(const AtomicOutputFile&) = delete;
  AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;

  std::ostream& stream() { return stream_; }

  /// Flushes, checks that every write succeeded, and renames the temporary
  /// file to the destination. Throws CliError (exit 4) on failure.
  void commit();

 private:
  std::string path_;
  std::string temporaryPath_;
  std::ofstream stream_;
  bool committed_ = false;
};

}  // namespace kelvin::cli
