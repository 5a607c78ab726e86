#pragma once
// Reads the expressions users type into parameters and expression blocks,
// e.g. "2*pi*50", "10k", "if(u1 > 0, u1, 0.1*u1)", into nodes of an ExprPool.
//
// Grammar, loosest binding first:
//
//     expression := sum [ ('<' | '<=' | '>' | '>=') sum ]
//     sum        := product { ('+' | '-') product }
//     product    := unary { ('*' | '/') unary }
//     unary      := ('-' | '+') unary | power
//     power      := primary [ '^' unary ]            (right-associative: 2^3^2 = 2^9)
//     primary    := number | name | name '(' expression { ',' expression } ')' | '(' expression ')'
//
// A number may carry an SI prefix glued to it ("10k", "2.2n", "1meg"; see
// si_number.h). Functions: exp log sin cos tan atan tanh sqrt abs limexp
// (one argument), min max pow (two), if(condition, then, otherwise).
// Names are looked up through the caller's resolver; `pi` and `e` are
// built in unless the resolver knows them. Constant subexpressions fold as
// the pool makes them, so "2*pi*50" yields one Constant node.

#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "expr/expr.h"

namespace kelvin::core {

/// Returns the expression a name stands for, or nullopt if the name is unknown.
using NameResolver = std::function<std::optional<Expr>(std::string_view name)>;

/// Resolves a call `function(argument)` of a function that is not built in and
/// whose one argument is a bare name, such as der(x) or across(p): returns its
/// expression, or nullopt when the caller knows no such function. `argument` is
/// empty when the call is not of that form (the resolver may then throw a
/// ParseError saying what it expects). May throw ParseError, e.g. for an unknown port.
using NameCallResolver =
    std::function<std::optional<Expr>(std::string_view function, std::string_view argument, std::size_t position)>;

/// A syntax or name error. what() reads like "unexpected ')' at 5" or
/// "unknown name 'foo'"; position() is the byte offset (from 0) in the text.
class ParseError : public std::runtime_error {
 public:
  ParseError(const std::string& message, std::size_t position);
  std::size_t position() const { return position_; }

 private:
  std::size_t position_;
};

/// Parses the whole of `text` into `pool`. An empty resolver knows no names.
/// Throws ParseError on a syntax error, an unknown name or function, or a
/// wrong number of function arguments.
Expr parseExpression(std::string_view text, ExprPool& pool, const NameResolver& resolve);
/// As above; calls of functions that are not built in go to `calls`.
Expr parseExpression(std::string_view text, ExprPool& pool, const NameResolver& resolve, const NameCallResolver& calls);

}  // namespace kelvin::core
