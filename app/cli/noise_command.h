#pragma once
// `kelvin-cli noise MODEL.kelvin --psd | --transient`: the noise analyses.
//  --psd: CSV `freq_hz,<output>.psd...` at the state at --at (default: the
//    initial state), log-spaced over --fmin..--fmax (default: three decades
//    around the model's poles); the integrated noise and the per-source budget
//    go to stdout after the CSV, or to stderr when the CSV is on stdout.
//  --transient: CSV `time,<output>.mean,<output>.var...` by covariance
//    propagation, or with --monte-carlo N --seed S by an ensemble of N runs.
// Outputs are the model's noise sensors, plus --signals a,b.

#include "cli/command.h"

namespace kelvin::cli {

class NoiseCommand : public Command {
 public:
  std::string name() const override { return "noise"; }
  std::string synopsis() const override { return "MODEL.kelvin --psd|--transient [options]"; }
  std::string summary() const override;
  std::vector<OptionSpec> options() const override;
  int run(const CliArguments& args, CommandContext& context) override;
};

}  // namespace kelvin::cli
