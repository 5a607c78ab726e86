#pragma once
// `kelvin-cli sweep MODEL.kelvin`: runs a model many times over a grid of
// parameter values and/or Monte Carlo draws, compiled once, on several threads
// (--jobs), a share of the runs (--shard i/N) or MPI ranks (under mpirun), and
// writes one CSV row per run: run, the parameters, the measures, the status.

#include "cli/command.h"

namespace kelvin::cli {

class SweepCommand final : public Command {
 public:
  std::string name() const override { return "sweep"; }
  std::string synopsis() const override { return "MODEL.kelvin --param ID.P=... | --monte-carlo N --vary ... [options]"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
