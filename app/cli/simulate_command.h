#pragma once
// `kelvin-cli simulate MODEL.kelvin [options]`: runs a transient simulation
// and writes CSV `time,<signal>...` to stdout or, with --out, to a file that
// appears only when the run succeeds. The model's settings are the defaults;
// the options override them. Exit 2 for an invalid model or an unknown
// signal in --signals, 3 when the solver fails, 4 when the output cannot be
// written.

#include "cli/command.h"

namespace kelvin::cli {

class SimulateCommand : public Command {
 public:
  std::string name() const override { return "simulate"; }
  std::string synopsis() const override { return "MODEL.kelvin [options]"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
