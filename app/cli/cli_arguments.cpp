#include "cli/cli_arguments.h"

#include <algorithm>

#include "cli/cli_error.h"
#include "expr/si_number.h"

namespace kelvin::cli {

CliArguments::CliArguments(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) {
      if (arg.size() > 1 && arg[0] == '-') throw CliError(kExitUsage, "unknown option '" + arg + "'");
      positional_.push_back(arg);
      continue;
    }
    const std::size_t equals = arg.find('=');
    const std::string name = arg.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
    auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
    if (spec == specs.end()) throw CliError(kExitUsage, "unknown option '--" + name + "'");
    if (values_.count(name) != 0 && !spec->repeatable)
      throw CliError(kExitUsage, "option '--" + name + "' given twice");
    if (spec->isFlag()) {
      if (equals != std::string::npos) throw CliError(kExitUsage, "option '--" + name + "' takes no value");
      values_[name] = "";
    } else if (equals != std::string::npos) {
      values_[name] = arg.substr(equals + 1);
    } else if (i + 1 < args.size()) {
      values_[name] = args[++i];
    } else {
      throw CliError(kExitUsage, "option '--" + name + "' needs a value (" + spec->valueName + ")");
    }
    if (spec->repeatable) repeated_[name].push_back(values_[name]);
  }
}

std::vector<std::string> CliArguments::texts(const std::string& name) const {
  auto it = repeated_.find(name);
  return it == repeated_.end() ? std::vector<std::string>{} : it->second;
}

const std::string& CliArguments::singlePositional(const std::string& what) const {
  if (positional_.empty()) throw CliError(kExitUsage, "missing " + what);
  if (positional_.size() > 1) throw CliError(kExitUsage, "unexpected argument '" + positional_[1] + "'");
  return positional_.front();
}

bool CliArguments::flag(const std::string& name) const { return values_.count(name) != 0; }

std::optional<std::string> CliArguments::text(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::optional<double> CliArguments::number(const std::string& name) const {
  std::optional<std::string> value = text(name);
  if (!value) return std::nullopt;
  std::optional<double> parsed = core::parseSiNumber(*value);
  if (!parsed) throw CliError(kExitUsage, "option '--" + name + "': '" + *value + "' is not a number");
  return parsed;
}

}  // namespace kelvin::cli
