#pragma once
// `kelvin-cli partition MODEL.kelvin`: the linear and nonlinear portions of the
// model's physical network as JSON {"portions": [{"linear", "elements",
// "ports", "storage_elements", "equations", ...}]} (core/structure/partitioner).

#include "cli/command.h"

namespace kelvin::cli {

class PartitionCommand : public Command {
 public:
  std::string name() const override { return "partition"; }
  std::string synopsis() const override { return "MODEL.kelvin"; }
  std::string summary() const override { return "print the linear and nonlinear portions of the network as JSON"; }
  std::vector<OptionSpec> options() const override { return {}; }
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
