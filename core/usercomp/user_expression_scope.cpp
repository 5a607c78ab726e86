#include "usercomp/user_expression_scope.h"

#include "expr/parser.h"
#include "usercomp/component_error.h"

namespace kelvin::core {

void failIn(const ComponentDefinition& def, std::size_t offset, const std::string& message) {
  const auto [line, column] = lineAndColumn(*def.source, offset);
  throw ComponentError(def.name, line, column, message);
}

Expr UserExpressionScope::parse(const SourceText& text, ExprPool& pool, const ComponentDefinition& def) const {
  const NameResolver resolve = [&](std::string_view name) -> std::optional<Expr> {
    auto it = names.find(name);
    if (it == names.end()) return std::nullopt;
    return it->second;
  };
  const NameCallResolver calls = [&](std::string_view function, std::string_view argument,
                                     std::size_t position) -> std::optional<Expr> {
    const bool portFunction = function == "across" || function == "through";
    if (!portFunction && function != "der") return std::nullopt;
    if (argument.empty())
      throw ParseError(std::string(function) + "() takes one " + (portFunction ? "port name" : "state name"), position);
    const std::string arg(argument);
    if (portFunction) {
      const auto& table = function == "across" ? across : through;
      auto it = table.find(arg);
      if (it == table.end()) throw ParseError("no physical port '" + arg + "' in " + std::string(function) + "()", position);
      return it->second;
    }
    if (!states.contains(arg)) {
      if (names.contains(arg))
        throw ParseError("der(" + arg + "): " + arg + " is not a state (declare it with 'state " + arg + "')", position);
      throw ParseError("unknown name '" + arg + "'", position);
    }
    return der(names.find(arg)->second);
  };
  try {
    return parseExpression(text.text, pool, resolve, calls);
  } catch (const ParseError& e) {
    std::string message = e.what();
    // The expression parser counts from its own start; the line and column say where.
    if (const auto at = message.rfind(" at "); at != std::string::npos &&
                                               message.find_first_not_of("0123456789", at + 4) == std::string::npos)
      message.erase(at);
    failIn(def, text.offset + e.position(), message);
  }
}

}  // namespace kelvin::core
