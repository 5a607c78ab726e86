#pragma once
// `kelvin-cli op MODEL.kelvin [--signals a,b] [--out F.csv]`: the DC operating point
// (SPICE's .op: every derivative zero, the sources at the start time) as CSV
// `signal,value`, one row per signal: node potentials `<block>.<port>`, branch
// currents and states. Exit 3 with the blocks named when there is none.

#include "cli/command.h"

namespace kelvin::cli {

class OpCommand : public Command {
 public:
  std::string name() const override { return "op"; }
  std::string synopsis() const override { return "MODEL.kelvin [options]"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
