#include "model/parameter_evaluator.h"

#include <cctype>
#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <span>

#include "expr/parser.h"
#include "expr/si_number.h"
#include "model/variable_references.h"

namespace kelvin::core {

std::optional<double> ParameterScope::find(std::string_view name) const {
  for (const ParameterScope* scope = this; scope; scope = scope->parent_) {
    auto it = scope->values_.find(name);
    if (it != scope->values_.end()) return it->second;
  }
  return std::nullopt;
}

namespace {

/// One accepted spelling of a unit and the factor that converts it to the declared unit.
struct UnitSpelling {
  std::string_view text;
  double factor;
};

/// Spellings that name the same unit: declaring any one of them accepts all. Each group is
/// the spellings between two empty ones.
constexpr UnitSpelling kUnitSpellings[] = {
    {"Ohm", 1.0}, {"Ohms", 1.0}, {"ohm", 1.0}, {"ohms", 1.0}, {"\xCE\xA9", 1.0}, {"\xE2\x84\xA6", 1.0}, {"", 0.0},
    {"s", 1.0},   {"sec", 1.0},  {"", 0.0},
    {"Hz", 1.0},  {"hz", 1.0},   {"", 0.0},
    {"rad", 1.0}, {"deg", std::numbers::pi / 180.0}, {"\xC2\xB0", std::numbers::pi / 180.0}, {"", 0.0},
    {"rad/s", 1.0}, {"rpm", 2.0 * std::numbers::pi / 60.0}, {"", 0.0},
};

/// The spellings accepted for a declared unit (only factor-1 spellings can be declared): its
/// group, or the unit alone, kept in `alone`. A parameter is evaluated for every block: no
/// allocation here.
std::span<const UnitSpelling> spellingsOf(std::string_view unit, UnitSpelling& alone) {
  if (unit.empty()) return {};
  const std::span<const UnitSpelling> all(kUnitSpellings);
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (all[k].text != unit || all[k].factor != 1.0) continue;
    std::size_t first = k, last = k;
    while (first > 0 && !all[first - 1].text.empty()) --first;
    while (!all[last].text.empty()) ++last;
    return all.subspan(first, last - first);
  }
  alone = {unit, 1.0};
  return {&alone, 1};
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

bool isDigitOrPoint(char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; }
bool isLetterByte(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
}
bool isWordByte(char c) { return isLetterByte(c) || isDigitOrPoint(c) || c == '_'; }

/// True when `body` ends with a number literal (not the tail of a name like "x1").
bool endsWithNumber(std::string_view body) {
  if (body.empty() || !isDigitOrPoint(body.back())) return false;
  std::size_t start = body.size();
  while (start > 0 && isWordByte(body[start - 1])) --start;
  return isDigitOrPoint(body[start]);
}

std::string quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

/// Value of a unitless expression; ParseError propagates.
double evaluateExpression(std::string_view text, const ParameterScope& scope) {
  // A lone number literal ("1k", "0", "2.2e-9", most parameters) is what the parser would read
  // it as, without a pool to parse into.
  if (const std::optional<SiLiteral> literal = readSiLiteral(text); literal && literal->length == text.size())
    return literal->value;
  ExprPool pool;
  const NameResolver resolve = [&](std::string_view name) -> std::optional<Expr> {
    if (auto value = scope.find(name)) return pool.constant(*value);
    return std::nullopt;
  };
  const Expr result = parseExpression(text, pool, resolve);
  // Names resolve to constants and the pool folds constant operations.
  if (!result.isConstant()) throw ParseError("does not evaluate to a number", 0);
  return result.constantValue();
}

/// The part of `text` that is the expression, and the factor its unit
/// contributes, when `text` ends with a unit spelled in `spellings`.
struct Split {
  std::string_view expression;
  double factor = 1.0;
};

std::optional<Split> splitUnit(std::string_view text, std::span<const UnitSpelling> spellings) {
  // Separated: "<expression> <prefix?><unit>".
  const std::size_t blank = text.find_last_of(" \t");
  if (blank != std::string_view::npos) {
    const std::string_view head = trim(text.substr(0, blank));
    const std::string_view token = text.substr(blank + 1);
    const bool headComplete =
        !head.empty() && std::string_view("+-*/^(,<>=").find(head.back()) == std::string_view::npos;
    for (const UnitSpelling& spelling : spellings) {
      if (!headComplete || !token.ends_with(spelling.text)) continue;
      const std::string_view prefix = token.substr(0, token.size() - spelling.text.size());
      // A prefix on a power ("mm^2") would scale by its power: not taken.
      const bool prefixable = spelling.text.find('^') == std::string_view::npos;
      const std::optional<double> prefixFactor = prefix.empty() ? 1.0
                                                 : prefixable   ? siPrefixFactor(prefix)
                                                                : std::nullopt;
      if (prefixFactor) return Split{head, *prefixFactor * spelling.factor};
    }
  }
  // Glued: "<number><prefix?><unit>"; the number literal keeps its prefix.
  for (const UnitSpelling& spelling : spellings) {
    if (!text.ends_with(spelling.text) || text.size() == spelling.text.size()) continue;
    const std::string_view body = text.substr(0, text.size() - spelling.text.size());
    const bool unitIsPrefix = siPrefixFactor(spelling.text).has_value();
    if (!unitIsPrefix && endsWithNumber(body)) return Split{body, spelling.factor};
    std::size_t letters = body.size();
    while (letters > 0 && isLetterByte(body[letters - 1])) --letters;
    const bool prefixable = spelling.text.find('^') == std::string_view::npos;
    if (prefixable && siPrefixFactor(body.substr(letters)) && endsWithNumber(body.substr(0, letters)))
      return Split{body, spelling.factor};
  }
  return std::nullopt;
}

/// A ParseError of `text` as a ParameterError. When all but a trailing word
/// reads well ("1 kV" for a resistance), that word is named as a wrong unit.
ParameterError toParameterError(std::string_view text, std::string_view unit, const ParseError& error,
                                const ParameterScope& scope) {
  const std::size_t at = error.position();
  if (at > 0 && at < text.size() && isLetterByte(text[at])) {
    const std::string_view tail = text.substr(at);
    bool word = true;
    for (char c : tail) word = word && (isWordByte(c) || c == '/' || c == '^' || c == '*');
    bool headReads = false;
    try {
      evaluateExpression(text.substr(0, at), scope);
      headReads = true;
    } catch (const ParseError&) {
    }
    if (word && headReads) {
      const std::string expected = unit.empty() ? "the parameter has no unit" : "expected " + std::string(unit);
      return ParameterError(quoted(text) + ": unknown unit '" + std::string(tail) + "' at " + std::to_string(at) +
                            " (" + expected + ")");
    }
  }
  return ParameterError(quoted(text) + ": " + error.what());
}

double checkedFinite(std::string_view text, double value) {
  if (std::isfinite(value)) return value;
  throw ParameterError(quoted(text) + (std::isnan(value) ? ": the value is not a number" : ": the value is infinite"));
}

/// One entry of a vector or matrix; errors name the whole text and the entry.
double evaluateEntry(std::string_view whole, std::string_view entry, const ParameterScope& scope) {
  try {
    return checkedFinite(entry, evaluateExpression(entry, scope));
  } catch (const ParseError& e) {
    throw ParameterError(quoted(whole) + ": entry " + quoted(entry) + ": " + e.what());
  } catch (const ParameterError& e) {
    throw ParameterError(quoted(whole) + ": entry " + e.what());
  }
}

bool endsOperand(char c) { return isWordByte(c) || c == ')'; }
bool startsOperand(char c) { return isWordByte(c) || c == '('; }

/// Splits one row into entries: commas separate, and so do blanks between two
/// operands ("1 2", "a -b"), but not blanks around an operator ("a - b").
std::vector<std::string_view> splitRow(std::string_view whole, std::string_view row) {
  std::vector<std::string_view> entries;
  int depth = 0;
  std::size_t start = 0;
  auto finish = [&](std::size_t end) {
    const std::string_view entry = trim(row.substr(start, end - start));
    if (entry.empty()) throw ParameterError(quoted(whole) + ": empty entry");
    entries.push_back(entry);
    start = end + 1;
  };
  for (std::size_t i = 0; i < row.size(); ++i) {
    const char c = row[i];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth != 0) continue;
    if (c == ',') {
      finish(i);
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c))) continue;
    std::size_t next = i;
    while (next < row.size() && std::isspace(static_cast<unsigned char>(row[next]))) ++next;
    const std::string_view before = trim(row.substr(start, i - start));
    if (before.empty() || next == row.size()) continue;
    const char after = row[next];
    const bool signedOperand = (after == '+' || after == '-') && next + 1 < row.size() &&
                               !std::isspace(static_cast<unsigned char>(row[next + 1]));
    if (endsOperand(before.back()) && (startsOperand(after) || signedOperand)) {
      finish(i);
      start = next;
      i = next - 1;
    }
  }
  // A row that ended with a comma still owes an entry.
  if (!entries.empty() || !trim(row).empty()) finish(row.size());
  return entries;
}

std::vector<std::vector<double>> evaluateRows(std::string_view text, const ParameterScope& scope) {
  std::string_view inner = trim(text);
  if (inner.starts_with('[')) {
    if (!inner.ends_with(']')) throw ParameterError(quoted(text) + ": missing ']'");
    inner = inner.substr(1, inner.size() - 2);
  }
  const std::size_t bracket = inner.find_first_of("[]");
  if (bracket != std::string_view::npos)
    throw ParameterError(quoted(text) + ": unexpected '" + std::string(1, inner[bracket]) + "'");
  std::vector<std::vector<double>> rows;
  if (trim(inner).empty()) return rows;
  std::size_t start = 0;
  while (start <= inner.size()) {
    std::size_t end = inner.find(';', start);
    if (end == std::string_view::npos) end = inner.size();
    const std::vector<std::string_view> entries = splitRow(text, inner.substr(start, end - start));
    if (entries.empty()) throw ParameterError(quoted(text) + ": row " + std::to_string(rows.size() + 1) + " is empty");
    std::vector<double> row;
    for (std::string_view entry : entries) row.push_back(evaluateEntry(text, entry, scope));
    rows.push_back(std::move(row));
    start = end + 1;
  }
  return rows;
}

bool isName(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

}  // namespace

double evaluateNumber(std::string_view text, std::string_view unit, const ParameterScope& scope) {
  const std::string_view trimmed = trim(text);
  if (trimmed.empty()) throw ParameterError(quoted(text) + ": empty value");
  UnitSpelling alone;
  const std::optional<Split> split = splitUnit(trimmed, spellingsOf(unit, alone));
  const std::string_view expression = split ? split->expression : trimmed;
  try {
    return checkedFinite(text, evaluateExpression(expression, scope) * (split ? split->factor : 1.0));
  } catch (const ParseError& e) {
    // Positions are in `trimmed`, of which `expression` is the start.
    throw toParameterError(trimmed, unit, e, scope);
  }
}

std::vector<double> evaluateVector(std::string_view text, const ParameterScope& scope) {
  std::vector<std::vector<double>> rows = evaluateRows(text, scope);
  if (rows.size() == 1) return rows.front();
  std::vector<double> column;
  for (const std::vector<double>& row : rows) {
    if (row.size() != 1)
      throw ParameterError(quoted(text) + ": expected a vector, found a " + std::to_string(rows.size()) + "x" +
                           std::to_string(row.size()) + " matrix");
    column.push_back(row.front());
  }
  return column;
}

std::vector<std::vector<double>> evaluateMatrix(std::string_view text, const ParameterScope& scope) {
  std::vector<std::vector<double>> rows = evaluateRows(text, scope);
  for (std::size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].size() != rows[0].size())
      throw ParameterError(quoted(text) + ": row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                           " entries, row 1 has " + std::to_string(rows[0].size()));
  }
  return rows;
}

ParameterScope evaluateModelVariables(const Model& model, const std::string& file, std::vector<Diagnostic>* problems) {
  ParameterScope scope;
  std::set<std::string, std::less<>> defined;
  std::optional<VariableReferences> references;  // built at the first unknown name
  for (const Variable& variable : model.variables) {
    std::string problem;
    if (!isName(variable.name)) {
      problem = "variable name '" + variable.name + "' is not a name (letters, digits, '_')";
    } else if (defined.contains(variable.name)) {
      problem = "variable '" + variable.name + "' is defined twice";
    } else {
      try {
        scope.set(variable.name, evaluateNumber(variable.value, "", scope));
        defined.insert(variable.name);
        continue;
      } catch (const ParameterError& e) {
        const bool unknownName = std::string(e.what()).find("unknown name") != std::string::npos;
        if (unknownName && !references) references.emplace(model.variables);
        const std::string why =
            unknownName ? references->explain(static_cast<std::size_t>(&variable - model.variables.data())) : "";
        problem = "variable " + variable.name + ": " + (why.empty() ? std::string(e.what()) : why);
      }
    }
    Diagnostic diagnostic{file, "", "", problem};
    if (!problems) throw ModelError(diagnostic);
    problems->push_back(std::move(diagnostic));
  }
  return scope;
}

}  // namespace kelvin::core
