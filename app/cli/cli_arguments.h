#pragma once
// The parsed command line of one command: options `--name value` (or
// `--name=value`), flags `--name`, and positional arguments. Options are
// declared up front (OptionSpec), so an unknown option or a missing value is a
// usage error; numbers accept SI prefixes ("10u", "1k"). An option given twice is
// an error unless it is declared repeatable.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kelvin::cli {

struct OptionSpec {
  std::string name;       // without the leading "--"
  std::string valueName;  // empty for a flag, e.g. "T" for `--stop T`
  std::string help;
  bool repeatable = false;  // may be given several times (texts() returns every value)
  bool isFlag() const { return valueName.empty(); }
};

class CliArguments {
 public:
  /// Parses `args` against `specs`. Throws CliError (usage) on an unknown
  /// option, a missing value, a value given to a flag, or a repeated option.
  CliArguments(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs);

  const std::vector<std::string>& positional() const { return positional_; }
  /// The only positional argument. Throws CliError (usage) naming `what` when
  /// there is none or more than one.
  const std::string& singlePositional(const std::string& what) const;

  bool flag(const std::string& name) const;
  /// The value of an option, if given.
  std::optional<std::string> text(const std::string& name) const;
  /// Every value of a repeatable option, in the order given.
  std::vector<std::string> texts(const std::string& name) const;
  /// The value of an option as a number with an optional SI prefix, if given.
  /// Throws CliError (usage) when the value is not a number.
  std::optional<double> number(const std::string& name) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;  // flags map to ""
  std::map<std::string, std::vector<std::string>> repeated_;
};

}  // namespace kelvin::cli
