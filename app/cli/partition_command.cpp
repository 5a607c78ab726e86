#include "cli/partition_command.h"

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_context.h"
#include "elaborate/elaborator.h"
#include "structure/partitioner.h"

namespace kelvin::cli {

int PartitionCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const core::Model model = context.loadValidModel(path);
  const core::FlatSystem flat = core::Elaborator(context.registry(), path).elaborate(model);
  nlohmann::json portions = nlohmann::json::array();
  for (const core::Portion& p : core::partitionNetwork(flat)) {
    portions.push_back({{"linear", p.linear},
                        {"elements", p.elements},
                        {"ports", p.ports},
                        {"storage_elements", p.storageElements},
                        {"equations", p.equations},
                        {"nonlinear_equations", p.nonlinearEquations},
                        {"differential_equations", p.differentialEquations}});
  }
  context.out() << nlohmann::json{{"model", path}, {"portions", portions}}.dump(2) << '\n';
  return 0;
}

}  // namespace kelvin::cli
