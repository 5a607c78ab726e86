#include "cli/csv_writer.h"

#include <charconv>
#include <cmath>
#include <ostream>

namespace kelvin::cli {

namespace {

/// A row longer than this (a large model's every signal: megabytes) goes to the stream in
/// pieces of about this size, not built whole first.
constexpr std::size_t kChunk = 1 << 20;

/// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

}  // namespace

CsvWriter::CsvWriter(std::ostream& out, const std::vector<std::string>& signalNames, std::vector<std::size_t> columns,
                     const std::string& firstColumn)
    : out_(out), columns_(std::move(columns)) {
  header_.push_back(firstColumn);
  for (std::size_t column : columns_) header_.push_back(signalNames.at(column));
}

void CsvWriter::writeHeader() {
  line_.clear();
  for (const std::string& name : header_) {
    if (!line_.empty()) line_ += ',';
    line_ += csvField(name);
  }
  line_ += '\n';
  out_ << line_;
}

void CsvWriter::writeSample(double time, const std::vector<double>& signals) {
  line_.clear();
  appendNumber(time);
  for (std::size_t column : columns_) {
    line_ += ',';
    appendNumber(signals[column]);
    if (line_.size() >= kChunk) {
      out_.write(line_.data(), static_cast<std::streamsize>(line_.size()));
      line_.clear();
    }
  }
  line_ += '\n';
  out_.write(line_.data(), static_cast<std::streamsize>(line_.size()));
}

void CsvWriter::appendNumber(double value) {
  // Same text as printf("%.17g"). Zero, the most common value of a large model's signals
  // (the nodes a transient has not reached), is written without the general conversion.
  if (value == 0.0) {
    line_ += std::signbit(value) ? "-0" : "0";
    return;
  }
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 17);
  line_.append(buffer, result.ptr);
}

}  // namespace kelvin::cli
