#include "expr/parser.h"

#include <array>
#include <cctype>
#include <numbers>
#include <vector>

#include "expr/si_number.h"

namespace kelvin::core {

ParseError::ParseError(const std::string& message, std::size_t position)
    : std::runtime_error(message), position_(position) {}

namespace {

enum class TokenKind { Number, Name, Symbol, End };

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;  // the token as written (Symbol: "+", "<=", ...)
  double value = 0.0;     // Number
  std::size_t position = 0;
};

struct Function {
  std::string_view name;
  int arguments;
  Expr (*make)(const std::vector<Expr>& args);
};

const std::array<Function, 14> kFunctions{{
    {"exp", 1, [](const std::vector<Expr>& a) { return exp(a[0]); }},
    {"log", 1, [](const std::vector<Expr>& a) { return log(a[0]); }},
    {"sin", 1, [](const std::vector<Expr>& a) { return sin(a[0]); }},
    {"cos", 1, [](const std::vector<Expr>& a) { return cos(a[0]); }},
    {"tan", 1, [](const std::vector<Expr>& a) { return tan(a[0]); }},
    {"atan", 1, [](const std::vector<Expr>& a) { return atan(a[0]); }},
    {"tanh", 1, [](const std::vector<Expr>& a) { return tanh(a[0]); }},
    {"sqrt", 1, [](const std::vector<Expr>& a) { return sqrt(a[0]); }},
    {"abs", 1, [](const std::vector<Expr>& a) { return abs(a[0]); }},
    {"limexp", 1, [](const std::vector<Expr>& a) { return limexp(a[0]); }},
    {"min", 2, [](const std::vector<Expr>& a) { return min(a[0], a[1]); }},
    {"max", 2, [](const std::vector<Expr>& a) { return max(a[0], a[1]); }},
    {"pow", 2, [](const std::vector<Expr>& a) { return pow(a[0], a[1]); }},
    {"if", 3, [](const std::vector<Expr>& a) { return ifThenElse(a[0], a[1], a[2]); }},
}};

constexpr int kMaxDepth = 200;

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// The UTF-8 character starting at `text[at]`, for messages.
std::string_view characterAt(std::string_view text, std::size_t at) {
  std::size_t length = 1;
  while (at + length < text.size() && (static_cast<unsigned char>(text[at + length]) & 0xC0) == 0x80) ++length;
  return text.substr(at, length);
}

class Parser {
 public:
  Parser(std::string_view text, ExprPool& pool, const NameResolver& resolve, const NameCallResolver& calls)
      : text_(text), pool_(pool), resolve_(resolve), calls_(calls) {
    advance();
  }

  Expr parseAll() {
    if (current_.kind == TokenKind::End) throw ParseError("empty expression", 0);
    Expr result = expression();
    if (current_.kind != TokenKind::End) unexpected();
    return result;
  }

 private:
  void advance() {
    while (next_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[next_]))) ++next_;
    current_ = Token{};
    current_.position = next_;
    if (next_ == text_.size()) return;
    const std::string_view rest = text_.substr(next_);
    if (auto literal = readSiLiteral(rest)) {
      current_.kind = TokenKind::Number;
      current_.value = literal->value;
      current_.text = rest.substr(0, literal->length);
    } else if (isNameStart(rest[0])) {
      std::size_t length = 1;
      while (length < rest.size() && isNameChar(rest[length])) ++length;
      current_.kind = TokenKind::Name;
      current_.text = rest.substr(0, length);
    } else if ((rest[0] == '<' || rest[0] == '>') && rest.size() > 1 && rest[1] == '=') {
      current_.kind = TokenKind::Symbol;
      current_.text = rest.substr(0, 2);
    } else if (std::string_view("+-*/^(),<>").find(rest[0]) != std::string_view::npos) {
      current_.kind = TokenKind::Symbol;
      current_.text = rest.substr(0, 1);
    } else {
      throw ParseError(
          "unexpected character '" + std::string(characterAt(text_, next_)) + "' at " + std::to_string(next_), next_);
    }
    next_ += current_.text.size();
  }

  bool isSymbol(std::string_view symbol) const { return current_.kind == TokenKind::Symbol && current_.text == symbol; }

  std::string describeCurrent() const {
    return current_.kind == TokenKind::End ? "end of expression" : "'" + std::string(current_.text) + "'";
  }

  [[noreturn]] void unexpected() const {
    throw ParseError("unexpected " + describeCurrent() + " at " + std::to_string(current_.position), current_.position);
  }

  void expect(std::string_view symbol) {
    if (!isSymbol(symbol))
      throw ParseError("expected '" + std::string(symbol) + "' at " + std::to_string(current_.position) + ", found " +
                           describeCurrent(),
                       current_.position);
    advance();
  }

  Expr expression() {
    Expr left = sum();
    Expr (*relation)(Expr, Expr) = nullptr;
    if (isSymbol("<")) relation = less;
    if (isSymbol("<=")) relation = lessEqual;
    if (isSymbol(">")) relation = greater;
    if (isSymbol(">=")) relation = greaterEqual;
    if (relation) {
      advance();
      left = relation(left, sum());
    }
    return left;
  }

  Expr sum() {
    Expr left = product();
    while (isSymbol("+") || isSymbol("-")) {
      const bool plus = isSymbol("+");
      advance();
      Expr right = product();
      left = plus ? left + right : left - right;
    }
    return left;
  }

  Expr product() {
    Expr left = unary();
    while (isSymbol("*") || isSymbol("/")) {
      const bool times = isSymbol("*");
      advance();
      Expr right = unary();
      left = times ? left * right : left / right;
    }
    return left;
  }

  // Every level of nesting (parentheses, arguments, signs, exponents) passes
  // through here, so this is where the depth is bounded.
  Expr unary() {
    if (++depth_ > kMaxDepth)
      throw ParseError("expression nested too deeply at " + std::to_string(current_.position), current_.position);
    Expr result;
    if (isSymbol("-") || isSymbol("+")) {
      const bool minus = isSymbol("-");
      advance();
      Expr operand = unary();
      result = minus ? -operand : operand;
    } else {
      result = power();
    }
    --depth_;
    return result;
  }

  Expr power() {
    Expr base = primary();
    if (!isSymbol("^")) return base;
    advance();
    return pow(base, unary());
  }

  Expr primary() {
    const Token token = current_;
    if (token.kind == TokenKind::Number) {
      advance();
      return pool_.constant(token.value);
    }
    if (token.kind == TokenKind::Name) {
      advance();
      if (isSymbol("(")) return call(token);
      return name(token);
    }
    if (isSymbol("(")) {
      advance();
      Expr inner = expression();
      expect(")");
      return inner;
    }
    unexpected();
  }

  Expr name(const Token& token) {
    if (resolve_) {
      if (std::optional<Expr> value = resolve_(token.text)) return *value;
    }
    if (token.text == "pi") return pool_.constant(std::numbers::pi);
    if (token.text == "e") return pool_.constant(std::numbers::e);
    throw ParseError("unknown name '" + std::string(token.text) + "'", token.position);
  }

  Expr call(const Token& token) {
    const Function* function = nullptr;
    for (const Function& f : kFunctions)
      if (f.name == token.text) function = &f;
    if (!function) return nameCall(token);
    advance();  // '('
    std::vector<Expr> args;
    if (!isSymbol(")")) {
      args.push_back(expression());
      while (isSymbol(",")) {
        advance();
        args.push_back(expression());
      }
    }
    if (!isSymbol(")")) {
      throw ParseError("expected ',' or ')' at " + std::to_string(current_.position) + ", found " + describeCurrent(),
                       current_.position);
    }
    advance();
    if (static_cast<int>(args.size()) != function->arguments) {
      const std::string plural = function->arguments == 1 ? " argument" : " arguments";
      throw ParseError(std::string(token.text) + "() takes " + std::to_string(function->arguments) + plural + ", got " +
                           std::to_string(args.size()),
                       token.position);
    }
    return function->make(args);
  }

  /// A call of a function the caller resolves, `f(name)`; see NameCallResolver.
  Expr nameCall(const Token& token) {
    const std::string unknown = "unknown function '" + std::string(token.text) + "'";
    if (!calls_) throw ParseError(unknown, token.position);
    advance();  // '('
    std::optional<Expr> result;
    if (current_.kind == TokenKind::Name) {
      const Token argument = current_;
      advance();
      if (isSymbol(")")) {
        result = calls_(token.text, argument.text, argument.position);
        if (!result) throw ParseError(unknown, token.position);
        advance();
        return *result;
      }
    }
    result = calls_(token.text, {}, current_.position);
    if (!result) throw ParseError(unknown, token.position);
    throw ParseError(std::string(token.text) + "() takes one name", token.position);
  }

  std::string_view text_;
  ExprPool& pool_;
  const NameResolver& resolve_;
  const NameCallResolver& calls_;
  Token current_;
  std::size_t next_ = 0;
  int depth_ = 0;
};

}  // namespace

Expr parseExpression(std::string_view text, ExprPool& pool, const NameResolver& resolve) {
  return parseExpression(text, pool, resolve, NameCallResolver{});
}

Expr parseExpression(std::string_view text, ExprPool& pool, const NameResolver& resolve, const NameCallResolver& calls) {
  return Parser(text, pool, resolve, calls).parseAll();
}

}  // namespace kelvin::core
