#pragma once
// The full-resolution samples of a run on disk: a temporary binary file of
// rows of doubles (native byte order), each `width` wide, written as they
// arrive and read back in chunks (CSV export). The file is removed when the
// SampleFile is destroyed (the run discarded, the application closing).
// A run of 10^8 samples of a few signals is a few GB on disk and nothing in
// memory beyond the writer's buffer.

#include <cstddef>
#include <functional>
#include <span>

#include <QCoreApplication>
#include <QString>
#include <QTemporaryFile>

namespace kelvin::gui {

class SampleFile {
  Q_DECLARE_TR_FUNCTIONS(SampleFile)

 public:
  /// Creates the file in the system's temporary directory; width ≥ 1 doubles per row.
  explicit SampleFile(std::size_t width);

  /// True while the file can be written and read; false after a failure (see error()).
  bool isValid() const { return error_.isEmpty(); }
  /// Why the file cannot be used (it could not be created, the disk is full).
  const QString& error() const { return error_; }
  QString fileName() const { return file_.fileName(); }
  std::size_t width() const { return width_; }
  std::size_t rowCount() const { return rows_; }

  /// Appends rows (data.size() a multiple of width()). On a write failure the file becomes
  /// invalid and stays so.
  void append(std::span<const double> data);
  /// Calls `chunk` with consecutive rows [first, first + rows) of at most `chunkRows` rows each,
  /// in order, row-major, until `chunk` returns false or every row is read. Returns false
  /// with the reason in error() when the file cannot be read.
  bool read(std::size_t chunkRows, const std::function<bool(std::size_t first, std::span<const double> rows)>& chunk);

 private:
  std::size_t width_;
  std::size_t rows_ = 0;
  QTemporaryFile file_;
  QString error_;
};

}  // namespace kelvin::gui
