#include "import/spice_card_reader.h"

#include <cctype>

namespace kelvin::core {

namespace {

/// `line` without its inline comment.
std::string_view stripComment(std::string_view line) {
  std::size_t cut = line.find(';');
  for (std::string_view marker : {"$ ", "//"}) cut = std::min(cut, line.find(marker));
  return line.substr(0, cut);
}

std::vector<std::string> splitFields(std::string_view text) {
  std::vector<std::string> fields;
  std::string current;
  const auto flush = [&] {
    if (!current.empty()) fields.push_back(std::move(current));
    current.clear();
  };
  int braces = 0;
  bool quoted = false;
  for (char c : text) {
    // An expression in braces or single quotes is one piece: its blanks go, its ( ) , stay.
    if (c == '{') ++braces;
    if (c == '}' && braces > 0) --braces;
    if (c == '\'') quoted = !quoted;
    if (braces > 0 || quoted || c == '}' || c == '\'') {
      if (!std::isspace(static_cast<unsigned char>(c))) current += c;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == '(' || c == ')') {
      flush();
    } else if (c == '=') {
      flush();
      fields.emplace_back("=");
    } else {
      current += c;
    }
  }
  flush();
  // Join "name = value" into "name=value".
  std::vector<std::string> joined;
  for (std::size_t k = 0; k < fields.size(); ++k) {
    if (fields[k] == "=" && !joined.empty() && k + 1 < fields.size()) {
      joined.back() += "=" + fields[++k];
    } else {
      joined.push_back(fields[k]);
    }
  }
  return joined;
}

std::string lowerCase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

std::vector<SpiceCard> readSpiceCards(std::string_view text, bool title) {
  struct Pending {
    int line = 0;
    std::string text;
  };
  std::vector<Pending> logical;
  int number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (number == 1 && title) continue;  // the title line
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '*') continue;
    line = stripComment(line.substr(first));
    if (line.empty()) continue;
    if (line.front() == '+') {
      if (!logical.empty()) logical.back().text += " " + std::string(line.substr(1));
      continue;
    }
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    logical.push_back({number, std::string(line)});
  }
  std::vector<SpiceCard> cards;
  for (Pending& pending : logical) {
    std::vector<std::string> fields = splitFields(pending.text);
    if (fields.empty()) continue;
    SpiceCard card{.line = pending.line, .file = {}, .text = pending.text, .label = fields.front(), .fields = {}};
    for (std::string& field : fields) card.fields.push_back(lowerCase(std::move(field)));
    if (card.command() == ".end") break;
    cards.push_back(std::move(card));
  }
  return cards;
}

}  // namespace kelvin::core
