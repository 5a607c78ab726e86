#include "cli/sweep_table.h"

#include <charconv>

namespace kelvin::cli {

namespace {

void appendNumber(std::string& line, double value) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 17).ptr;
  line.append(buffer, end);
}

/// A CSV field, quoted when it holds a comma, a quote or a line break (which become blanks).
std::string field(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace

std::string sweepHeader(const std::vector<std::string>& parameters, const std::vector<core::Measure>& measures) {
  std::string line = "run";
  for (const std::string& p : parameters) line += "," + field(p);
  for (const core::Measure& m : measures) line += "," + field(m.name());
  return line + ",status\n";
}

std::string sweepLine(const core::SweepRunResult& result) {
  std::string line = std::to_string(result.run);
  for (double v : result.parameters) appendNumber(line += ',', v);
  for (double v : result.measures) appendNumber(line += ',', v);
  line += ',';
  line += result.error.empty() ? std::string("ok") : field("failed: " + result.error);
  return line + '\n';
}

std::string traceCsv(const core::Trace& trace) {
  std::string text = "time";
  for (const std::string& name : trace.names) text += "," + field(name);
  text += '\n';
  for (std::size_t i = 0; i < trace.time.size(); ++i) {
    appendNumber(text, trace.time[i]);
    for (const std::vector<double>& column : trace.columns) appendNumber(text += ',', column[i]);
    text += '\n';
  }
  return text;
}

}  // namespace kelvin::cli
