#include "cli/partition_command.h"

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "cli/simulation_overrides.h"
#include "expr/si_number.h"
#include "run/partition_analysis.h"

namespace kelvin::cli {

namespace {

nlohmann::json parts(const Eigen::MatrixXcd& m, bool imaginary) {
  nlohmann::json rows = nlohmann::json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (Eigen::Index j = 0; j < m.cols(); ++j) row.push_back(imaginary ? m(i, j).imag() : m(i, j).real());
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

std::vector<OptionSpec> PartitionCommand::options() const {
  return {{"freq", "f1,f2", "frequencies (Hz) of each portion's noise_correlation (default: 1)"},
          {"z0", "Z", "reference impedance of the noise waves (default: per portion, 1/mean|Y_ii|)"}};
}

int PartitionCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  std::vector<double> frequencies{1.0};
  if (std::optional<std::string> list = args.text("freq")) {
    frequencies.clear();
    for (const std::string& text : splitNameList(*list, "--freq")) {
      const std::optional<double> f = core::parseSiNumber(text);
      if (!f || !(*f > 0.0)) throw CliError(kExitUsage, "--freq takes positive frequencies, not '" + text + "'");
      frequencies.push_back(*f);
    }
  }
  const double z0 = args.number("z0").value_or(0.0);
  if (!(z0 >= 0.0)) throw CliError(kExitUsage, "--z0 must be > 0");
  const core::Model model = context.loadValidModel(path);
  nlohmann::json portions = nlohmann::json::array();
  for (const core::PortionReport& report : core::partitionWithNoise(model, context.registry(), path, frequencies, z0)) {
    const core::Portion& p = report.portion;
    nlohmann::json portion{{"linear", p.linear},
                           {"elements", p.elements},
                           {"ports", p.ports},
                           {"storage_elements", p.storageElements},
                           {"equations", p.equations},
                           {"nonlinear_equations", p.nonlinearEquations},
                           {"differential_equations", p.differentialEquations}};
    if (!p.ports.empty()) {
      nlohmann::json noise = nlohmann::json::array();
      for (const core::PortNoiseCorrelation& c : report.noise)
        noise.push_back({{"frequency_hz", c.frequencyHz},
                         {"reference_impedance", c.referenceImpedance},
                         {"real", parts(c.correlation, false)},
                         {"imag", parts(c.correlation, true)},
                         {"scattering", {{"real", parts(c.scattering, false)}, {"imag", parts(c.scattering, true)}}}});
      portion["noise_correlation"] = {{"ports", report.noisePorts}, {"values", noise}};
      if (!report.note.empty()) portion["noise_correlation"]["note"] = report.note;
    }
    portions.push_back(std::move(portion));
  }
  context.out() << nlohmann::json{{"model", path}, {"portions", portions}}.dump(2) << '\n';
  return 0;
}

}  // namespace kelvin::cli
