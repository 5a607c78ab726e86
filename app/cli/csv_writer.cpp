#include "cli/csv_writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ostream>

namespace kelvin::cli {

namespace {

/// A row longer than this (a large model's every signal: megabytes) goes to the stream in
/// pieces of about this size, not built whole first.
constexpr std::size_t kChunk = 1 << 20;
/// Room for one number: %.17g is at most 24 characters ("-1.2345678901234567e-308").
constexpr std::size_t kNumberChars = 32;

/// Writes `value` at `at` as printf("%.17g") does, and returns the end of the text. Zero, the
/// most common value of a large model's signals (the nodes a transient has not reached), is
/// written without the general conversion.
char* writeNumber(char* at, double value) {
  if (value == 0.0) {
    if (std::signbit(value)) *at++ = '-';
    *at++ = '0';
    return at;
  }
  return std::to_chars(at, at + kNumberChars, value, std::chars_format::general, 17).ptr;
}

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
  // The numbers are written straight into the buffer, which goes to the stream whenever it
  // holds kChunk bytes or more (a large model's row is megabytes).
  // A short row needs a short buffer (a megabyte of zeros costs more than a 1,000-sample run writes).
  const std::size_t room = std::min(kChunk, (columns_.size() + 1) * (kNumberChars + 1)) + 2 * kNumberChars;
  if (line_.size() < room) line_.resize(room);
  char* const begin = line_.data();
  char* at = writeNumber(begin, time);
  for (std::size_t column : columns_) {
    if (static_cast<std::size_t>(at - begin) >= kChunk) {
      out_.write(begin, at - begin);
      at = begin;
    }
    *at++ = ',';
    at = writeNumber(at, signals[column]);
  }
  *at++ = '\n';
  out_.write(begin, at - begin);
}

}  // namespace kelvin::cli
