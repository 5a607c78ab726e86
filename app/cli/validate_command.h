#pragma once
// `kelvin-cli validate MODEL.kelvin`: loads the model, checks it against the
// component library and compiles it (which finds structural problems such as
// a floating node). Exit 0 when it would run; otherwise exit 2 with one
// `file:block.port: message` line per problem on stderr.

#include "cli/command.h"

namespace kelvin::cli {

class ValidateCommand : public Command {
 public:
  std::string name() const override { return "validate"; }
  std::string synopsis() const override { return "MODEL.kelvin"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override { return {}; }
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
