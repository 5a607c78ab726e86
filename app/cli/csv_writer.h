#pragma once
// Writes simulation samples as CSV: the header `time,<signal>...`, then one
// row per sample with every number as %.17g (reads back to the same double).
// Writes a chosen subset of the signals, in the chosen order.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace kelvin::cli {

class CsvWriter {
 public:
  /// `out` must outlive the writer. `columns` are indices into `signalNames`
  /// and into the value vectors given to writeSample.
  /// `firstColumn` names the abscissa (time, or freq_hz for spectra).
  CsvWriter(std::ostream& out, const std::vector<std::string>& signalNames, std::vector<std::size_t> columns,
            const std::string& firstColumn = "time");

  void writeHeader();
  /// Precondition: `signals` has one value per signal name.
  void writeSample(double time, const std::vector<double>& signals);

 private:
  std::ostream& out_;
  std::vector<std::string> header_;
  std::vector<std::size_t> columns_;
  std::string line_;  // reused between rows: the text being written
};

}  // namespace kelvin::cli
