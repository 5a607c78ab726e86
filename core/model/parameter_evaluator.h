#pragma once
// Evaluates parameter texts to numbers: "10k", "2*pi*f0", "1 kOhm", "4.7nF",
// "90 deg", vectors "[1 2 3]" and matrices "[1 2; 3 4]". Names in the
// expressions come from a ParameterScope: the model's variables at the top,
// a subsystem's parameters inside it.
//
// Units. A Number may end with its declared unit, or an alias of it
// ("Ohm", "ohm", "Ω"; "s", "sec"; ...), optionally after an SI prefix:
//  - separated by blanks: "1 kOhm", "10 m", "2*pi ms";
//  - glued to a number: "10kOhm", "1nF", "5V"; but a unit that is itself a
//    single prefix letter is only taken after a prefix ("10mm" is 10 mm, while
//    "10m" with unit "m" is 10 milli, as it reads without the unit).
// For unit "rad", "deg" (or "°") is also accepted and converted; for "rad/s",
// "rpm". A unit never changes the value otherwise: values are in SI units.

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

/// Named numeric values visible to parameter expressions. A name not defined
/// here is looked up in the parent scope.
class ParameterScope {
 public:
  /// `parent` may be null; it is observed, not owned, and must outlive this scope.
  explicit ParameterScope(const ParameterScope* parent = nullptr) : parent_(parent) {}

  /// Defines (or redefines) a name in this scope.
  void set(const std::string& name, double value) { values_[name] = value; }
  /// The value of `name` here or in an enclosing scope; nullopt if none defines it.
  std::optional<double> find(std::string_view name) const;
  const ParameterScope* parent() const { return parent_; }

 private:
  const ParameterScope* parent_;
  std::map<std::string, double, std::less<>> values_;
};

/// A parameter text that cannot be evaluated. what() quotes the text and says
/// what is wrong with it, e.g. `"1x": unexpected 'x' at 1`; the caller adds
/// which block and parameter it belongs to.
class ParameterError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The value of a ParamKind::Number text in SI units. `unit` is the declared
/// unit ("" for dimensionless). Throws ParameterError on a syntax error, an
/// unknown name, a unit that does not match, or a result that is not finite.
double evaluateNumber(std::string_view text, std::string_view unit, const ParameterScope& scope);

/// The entries of a ParamKind::Vector text: "[1 2 3]", "1, 2, 3", "[1, 0.1]",
/// "[a -b 2*c]" (blanks separate entries as in MATLAB: "[1 - 2]" is one entry).
/// A column "[1; 2]" is accepted too. Throws ParameterError.
std::vector<double> evaluateVector(std::string_view text, const ParameterScope& scope);

/// The rows of a ParamKind::Matrix text: "[1 2; 3 4]"; all rows have the same
/// length. "[]" is the empty matrix. Throws ParameterError.
std::vector<std::vector<double>> evaluateMatrix(std::string_view text, const ParameterScope& scope);

/// Evaluates model.variables in order (each may use the ones before it) into a
/// scope without parent. A variable that fails (bad name, defined twice, bad
/// value) throws ModelError naming it, or, when `problems` is given, is
/// reported there and left out, and evaluation goes on.
ParameterScope evaluateModelVariables(const Model& model, const std::string& file = {},
                                      std::vector<Diagnostic>* problems = nullptr);

}  // namespace kelvin::core
