#include "scopes/sample_file.h"

#include <vector>

#include <QDir>
#include <QFile>

namespace kelvin::gui {

SampleFile::SampleFile(std::size_t width)
    : width_(std::max<std::size_t>(1, width)), file_(QDir::temp().filePath(QStringLiteral("kelvin-run-XXXXXX.bin"))) {
  if (!file_.open()) error_ = tr("cannot create a temporary file for the run's data: %1").arg(file_.errorString());
}

void SampleFile::append(std::span<const double> data) {
  if (!isValid() || data.empty()) return;
  const auto bytes = static_cast<qint64>(data.size_bytes());
  if (file_.write(reinterpret_cast<const char*>(data.data()), bytes) != bytes) {
    error_ = tr("cannot write the run's data to %1: %2").arg(file_.fileName(), file_.errorString());
    return;
  }
  // Flushed at once: a reader (export) sees every row, and the writer holds no buffer.
  if (!file_.flush()) {
    error_ = tr("cannot write the run's data to %1: %2").arg(file_.fileName(), file_.errorString());
    return;
  }
  rows_ += data.size() / width_;
}

bool SampleFile::read(std::size_t chunkRows,
                      const std::function<bool(std::size_t first, std::span<const double> rows)>& chunk) {
  if (!isValid()) return false;
  if (!file_.flush()) {
    error_ = tr("cannot write the run's data to %1: %2").arg(file_.fileName(), file_.errorString());
    return false;
  }
  // A reader of its own: the writer's position stays at the end.
  QFile reader(file_.fileName());
  if (!reader.open(QIODevice::ReadOnly)) {
    error_ = tr("cannot read the run's data from %1: %2").arg(file_.fileName(), reader.errorString());
    return false;
  }
  std::vector<double> buffer(std::max<std::size_t>(1, chunkRows) * width_);
  const std::size_t total = rows_;
  for (std::size_t first = 0; first < total;) {
    const std::size_t rows = std::min(total - first, buffer.size() / width_);
    const auto bytes = static_cast<qint64>(rows * width_ * sizeof(double));
    if (reader.read(reinterpret_cast<char*>(buffer.data()), bytes) != bytes) {
      error_ = tr("cannot read the run's data from %1: %2").arg(file_.fileName(), reader.errorString());
      return false;
    }
    if (!chunk(first, std::span<const double>(buffer.data(), rows * width_))) return true;
    first += rows;
  }
  return true;
}

}  // namespace kelvin::gui
