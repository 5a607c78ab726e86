#include "python_model.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <thread>

#include "elaborate/block_registry.h"
#include "interruptible.h"
#include "linearize/frequency_response.h"
#include "model/diagnostic.h"
#include "model/model_file.h"
#include "model/model_validator.h"
#include "run/abcd_analysis.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "run/simulator.h"
#include "sweep/sweep_runner.h"

namespace kelvin::python {

namespace {

py::array_t<double> array(const std::vector<double>& values) {
  py::array_t<double> a(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), a.mutable_data());
  return a;
}

py::array_t<double> matrix(const Eigen::MatrixXd& m) {
  py::array_t<double> a({static_cast<py::ssize_t>(m.rows()), static_cast<py::ssize_t>(m.cols())});
  auto view = a.mutable_unchecked<2>();
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) view(i, j) = m(i, j);
  return a;
}

std::string shortest(double v) {
  char buffer[32];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

/// Visits every block with its path id ("Sub1/R1"), without recursion.
template <typename Blocks, typename F>
void forEachBlock(Blocks& top, F f) {
  std::vector<std::pair<Blocks*, std::string>> pending{{&top, std::string()}};
  while (!pending.empty()) {
    auto [blocks, prefix] = pending.back();
    pending.pop_back();
    for (auto& b : *blocks) {
      f(b, prefix + b.id);
      if (!b.blocks.empty()) pending.emplace_back(&b.blocks, prefix + b.id + "/");
    }
  }
}

}  // namespace

PythonModel::PythonModel(core::Model model, std::string file, std::shared_ptr<const core::BlockRegistry> registry)
    : model_(std::move(model)), file_(std::move(file)), registry_(std::move(registry)) {}

namespace {
/// Throws ModelError with every problem validation finds (unknown types and ports, bad parameters, ...).
void validate(const core::Model& model, const core::BlockRegistry& registry, const std::string& file) {
  std::vector<core::Diagnostic> problems = core::validateModel(model, registry, file);
  if (!problems.empty()) throw core::ModelError(std::move(problems));
}
}  // namespace

PythonModel PythonModel::load(const std::string& path, std::shared_ptr<const core::BlockRegistry> registry) {
  core::Model model = core::loadModel(path);
  validate(model, *registry, path);
  return PythonModel(std::move(model), path, std::move(registry));
}

PythonModel PythonModel::loads(const std::string& json, std::shared_ptr<const core::BlockRegistry> registry) {
  core::Model model = core::parseModel(json, "<string>");
  validate(model, *registry, "<string>");
  return PythonModel(std::move(model), "<string>", std::move(registry));
}

py::dict PythonModel::blocks() const {
  py::dict out;
  forEachBlock(model_.blocks, [&out](const core::Block& b, const std::string& id) { out[py::str(id)] = b.type; });
  return out;
}

py::dict PythonModel::parameters() const {
  py::dict out;
  forEachBlock(model_.blocks, [&](const core::Block& b, const std::string& id) {
    if (const core::ComponentType* type = registry_->find(b.type))
      for (const core::ParamDecl& p : type->params) {
        auto it = b.params.find(p.name);
        out[py::str(id + "." + p.name)] = it != b.params.end() ? it->second : p.defaultValue;
      }
    else
      for (const auto& [name, text] : b.params) out[py::str(id + "." + name)] = text;
  });
  return out;
}

core::Block& PythonModel::blockAt(const std::string& id) {
  core::Block* found = nullptr;
  forEachBlock(model_.blocks, [&](core::Block& b, const std::string& path) {
    if (path == id) found = &b;
  });
  if (!found) throw core::ModelError(core::Diagnostic{file_, id, "", "no block '" + id + "' in the model"});
  return *found;
}

void PythonModel::set(const std::string& name, const py::object& value) {
  const auto dot = name.rfind('.');
  if (dot == std::string::npos || dot == 0)
    throw core::ModelError(core::Diagnostic{file_, "", "", "'" + name + "': name a parameter as ID.PARAM, e.g. R1.R"});
  const std::string id = name.substr(0, dot), param = name.substr(dot + 1);
  core::Block& block = blockAt(id);
  const core::ComponentType* type = registry_->find(block.type);
  if (type && !type->findParam(param))
    throw core::ModelError(core::Diagnostic{file_, id, "", "block " + id + " (" + block.type + ") has no parameter '" +
                                                                param + "'"});
  if (py::isinstance<py::str>(value))
    block.params[param] = value.cast<std::string>();
  else if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)))
    throw py::type_error("set(): the value must be a number or a text such as \"4.7k\"");
  else
    block.params[param] = shortest(value.cast<double>());
}

void PythonModel::save(const std::string& path) const { core::saveModel(model_, path); }

std::shared_ptr<const core::CompiledModel> PythonModel::compile() const {
  validate(model_, *registry_, file_);
  return core::compileModel(model_, *registry_, file_);
}

py::dict PythonModel::simulate(std::optional<double> stop, std::optional<std::string> solver,
                               std::optional<double> step, std::optional<double> rtol, std::optional<double> atol,
                               std::optional<std::vector<std::string>> signals) const {
  const auto compiled = compile();
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model_.settings, file_);
  if (stop) options.stopTime = *stop;
  if (solver) options.solver = *solver;
  if (step) options.step = *step;
  if (rtol) options.rtol = *rtol;
  if (atol) options.atol = *atol;
  const std::vector<std::string>& names = compiled->signalNames();
  const std::vector<std::string> chosen = signals ? *signals : compiled->defaultSignals();
  for (const std::string& s : chosen) {
    auto it = std::find(names.begin(), names.end(), s);
    if (it == names.end())
      throw core::ModelError(core::Diagnostic{file_, s.substr(0, s.rfind('.')), "", "unknown signal '" + s + "'"});
    options.outputs.push_back(static_cast<int>(it - names.begin()));
  }
  std::vector<double> time, values;
  std::vector<core::EventRecord> events;
  runInterruptibly([&](const std::atomic<bool>* cancel) {
    core::simulate(
        *compiled, options,
        [&](double t, const std::vector<double>& row) {
          time.push_back(t);
          values.insert(values.end(), row.begin(), row.end());
        },
        cancel, [&events](const core::EventRecord& e) { events.push_back(e); });
  });
  py::array_t<double> table({static_cast<py::ssize_t>(time.size()), static_cast<py::ssize_t>(chosen.size())});
  std::copy(values.begin(), values.end(), table.mutable_data());
  py::list eventList;
  for (const core::EventRecord& e : events) eventList.append(py::make_tuple(e.time, e.block, e.what));
  py::dict out;
  out["time"] = array(time);
  out["signals"] = chosen;
  out["values"] = table;
  out["events"] = eventList;
  return out;
}

py::dict PythonModel::op(const std::optional<std::vector<std::string>>& signals) const {
  const auto compiled = compile();
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model_.settings, file_);
  std::vector<double> values;
  runInterruptibly([&](const std::atomic<bool>*) {
    values = core::signalValues(*compiled, core::dcOperatingPoint(*compiled, options));
  });
  const std::vector<std::string>& names = core::signalNames(*compiled);
  py::dict out;
  if (!signals) {
    for (std::size_t k = 0; k < names.size(); ++k) out[py::str(names[k])] = values[k];
    return out;
  }
  for (const std::string& name : *signals) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) throw py::key_error("op(): no signal named '" + name + "'");
    out[py::str(name)] = values[static_cast<std::size_t>(it - names.begin())];
  }
  return out;
}

py::dict PythonModel::abcd(double at) const {
  const auto compiled = compile();
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model_.settings, file_);
  core::AbcdIdentificationResult result;
  runInterruptibly([&](const std::atomic<bool>* cancel) {
    result = core::identifyAbcd(*compiled, options, at, core::kDefaultAbcdDelta, cancel);
  });
  const core::AbcdMatrix& m = result.exact;
  py::dict out;
  out["time"] = m.time;
  out["A"] = matrix(m.a);
  out["B"] = matrix(m.b);
  out["C"] = matrix(m.c);
  out["D"] = matrix(m.d);
  py::list rows, rowNames;
  for (const core::AbcdRow& r : m.rows) rows.append(core::rowLabel(r.kind)), rowNames.append(r.name);
  out["rows"] = rows;
  out["row_names"] = rowNames;
  out["outputs"] = m.outputs;
  out["output_signals"] = m.outputSignals;
  out["input"] = m.input;
  // Not reducible (a singular algebraic part): no eigenvalues, as kelvin-cli abcd.
  const Eigen::VectorXcd& e = result.eigenvalues;
  py::array_t<std::complex<double>> eigenvalues(e.size());
  std::copy(e.data(), e.data() + e.size(), eigenvalues.mutable_data());
  out["eigenvalues"] = eigenvalues;
  return out;
}

py::dict PythonModel::freq(double fmin, double fmax, int points, int w1, int w2, const std::string& kind,
                           double at) const {
  if (kind != "bode" && kind != "nyquist" && kind != "mikhailov")
    throw py::value_error("freq(): kind is \"bode\", \"nyquist\" or \"mikhailov\"");
  const auto compiled = compile();
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model_.settings, file_);
  core::AbcdIdentificationResult result;
  runInterruptibly([&](const std::atomic<bool>* cancel) {
    result = core::identifyAbcd(*compiled, options, at, core::kDefaultAbcdDelta, cancel);
  });
  const auto k = kind == "mikhailov" ? core::FrequencyKind::Mikhailov : core::FrequencyKind::Transfer;
  if (k == core::FrequencyKind::Transfer) {
    if (!result.exact.hasInput() || result.exact.outputs.empty())
      throw core::ModelError(core::Diagnostic{file_, "", "", "a transfer needs an analysis.Inp and an analysis.Out marker "
                                                             "(or use kind=\"mikhailov\")"});
    const int outputs = static_cast<int>(result.exact.outputs.size());
    if (w1 < 1 || w2 < 1 || w1 > outputs || w2 > outputs)
      throw py::value_error("freq(): w1 and w2 are outputs 1.." + std::to_string(outputs));
  }
  const core::FrequencySweep sweep =
      core::FrequencyResponse(result.exact).sweep(k, w1 - 1, w2 - 1, core::frequencyGrid(fmin, fmax, points, true));
  std::vector<double> hz, re, im, db, phase;
  for (const core::FrequencySample& s : sweep.samples) {
    hz.push_back(s.hz);
    re.push_back(s.value.real());
    im.push_back(s.value.imag());
    db.push_back(s.magnitudeDb);
    phase.push_back(s.phaseDeg);
  }
  py::dict out;
  out["freq_hz"] = array(hz);
  out["re"] = array(re);
  out["im"] = array(im);
  out["mag_db"] = array(db);
  out["phase_deg"] = array(phase);
  return out;
}

py::dict PythonModel::noisePsd(double at, std::optional<double> fmin, std::optional<double> fmax, int points) const {
  const auto compiled = compile();
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model_.settings, file_);
  const core::NoiseRunOptions noise = core::NoiseRunOptions::fromSettings(model_.settings, file_);
  core::NoiseSpectrum spectrum;
  // Unset values default as in kelvin-cli: a .noise card's sweep, else the poles' band, refined.
  core::NoiseSweep sweep = core::NoiseSweep::fromSettings(model_.settings);
  if (fmin) sweep.lowHz = *fmin;
  if (fmax) sweep.highHz = *fmax;
  sweep.points = points;
  runInterruptibly([&](const std::atomic<bool>* cancel) {
    spectrum = core::noiseSpectrum(*compiled, options, noise, at, sweep, cancel);
  });
  py::dict psd, total, budget;
  for (std::size_t o = 0; o < spectrum.outputs.size(); ++o) {
    const py::str name(spectrum.outputs[o]);
    psd[name] = array(spectrum.psd[o]);
    total[name] = spectrum.totalVariance[o];
    py::list shares;
    for (const auto& c : spectrum.budget[o]) shares.append(py::make_tuple(c.source, c.block, c.variance));
    budget[name] = shares;
  }
  py::dict out;
  out["freq_hz"] = array(spectrum.frequencies);
  out["psd"] = psd;
  out["total"] = total;
  out["budget"] = budget;
  out["warnings"] = spectrum.warnings;
  return out;
}

py::dict PythonModel::noiseTransient(std::optional<double> stop, std::optional<int> monteCarlo,
                                     std::optional<unsigned> seed) const {
  const auto compiled = compile();
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model_.settings, file_);
  if (stop) options.stopTime = *stop;
  core::NoiseRunOptions noise = core::NoiseRunOptions::fromSettings(model_.settings, file_);
  if (monteCarlo) noise.monteCarloRuns = *monteCarlo;
  if (seed) noise.seed = *seed;
  const std::vector<std::string> outputs = core::noiseOutputNames(*compiled, noise);
  if (outputs.empty()) throw core::ModelError(core::Diagnostic{file_, "", "", "the model has no noise sensor"});
  std::vector<double> time;
  std::vector<std::vector<double>> mean(outputs.size()), variance(outputs.size());
  runInterruptibly([&](const std::atomic<bool>* cancel) {
    const core::NoiseSampleCallback onSample = [&](double t, const std::vector<double>& m, const std::vector<double>& v) {
      time.push_back(t);
      for (std::size_t o = 0; o < outputs.size(); ++o) mean[o].push_back(m[o]), variance[o].push_back(v[o]);
    };
    if (noise.monteCarloRuns >= 2)
      core::simulateMonteCarlo(*compiled, options, noise, onSample, {}, cancel);
    else
      core::simulateNoise(*compiled, options, noise, onSample, cancel);
  });
  py::dict meanOut, varOut;
  for (std::size_t o = 0; o < outputs.size(); ++o) {
    meanOut[py::str(outputs[o])] = array(mean[o]);
    varOut[py::str(outputs[o])] = array(variance[o]);
  }
  py::dict out;
  out["time"] = array(time);
  out["mean"] = meanOut;
  out["var"] = varOut;
  return out;
}

py::dict PythonModel::sweep(const py::dict& params, const py::dict& measures, std::optional<int> monteCarlo,
                            std::optional<std::uint64_t> seed, std::optional<int> jobs) const {
  core::SweepSpec spec;
  std::vector<core::Measure> parsed;
  try {
    for (const auto& [key, value] : params) {
      const std::string name = key.cast<std::string>();
      if (py::isinstance<py::str>(value)) {
        const std::string text = value.cast<std::string>();
        if (text.rfind("normal", 0) == 0 || text.rfind("uniform", 0) == 0)
          spec.varied.push_back(core::SweepSpec::parseVaried(name + "=" + text));
        else
          spec.grid.push_back(core::SweepSpec::parseGrid(name + "=" + text));
      } else {
        spec.grid.push_back({name, value.cast<std::vector<double>>()});
        if (spec.grid.back().values.empty()) throw core::SweepSpecError("'" + name + "': no values");
      }
    }
    for (const auto& [key, value] : measures)
      parsed.push_back(core::Measure::parse(key.cast<std::string>() + "=" + value.cast<std::string>()));
  } catch (const core::SweepSpecError& e) {
    throw py::value_error(e.what());
  }
  if (monteCarlo) spec.monteCarlo = *monteCarlo;
  if (seed) spec.seed = *seed;
  validate(model_, *registry_, file_);
  const std::vector<std::string> names = spec.parameterNames();
  const core::SweepRunner runner(model_, *registry_, file_, std::move(spec), std::move(parsed),
                                 core::SimulationOptions::fromSettings(model_.settings, file_));
  std::vector<core::SweepRunResult> results(static_cast<std::size_t>(runner.runCount()));
  std::vector<long> all(results.size());
  for (std::size_t k = 0; k < all.size(); ++k) all[k] = static_cast<long>(k);
  const int threads = jobs.value_or(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  runInterruptibly([&](const std::atomic<bool>* cancel) {
    runner.runAll(all, threads, [&results](core::SweepRunResult&& r) { results[r.run] = std::move(r); }, cancel);
  });
  py::dict out;
  py::array_t<std::int64_t> run(static_cast<py::ssize_t>(results.size()));
  for (std::size_t k = 0; k < results.size(); ++k) run.mutable_data()[k] = results[k].run;
  out["run"] = run;
  for (std::size_t p = 0; p < names.size(); ++p) {
    std::vector<double> column;
    for (const auto& r : results) column.push_back(r.parameters[p]);
    out[py::str(names[p])] = array(column);
  }
  for (std::size_t m = 0; m < runner.measures().size(); ++m) {
    std::vector<double> column;
    for (const auto& r : results) column.push_back(r.measures[m]);
    out[py::str(runner.measures()[m].name())] = array(column);
  }
  py::list status;
  for (const auto& r : results) status.append(r.error.empty() ? std::string("ok") : "failed: " + r.error);
  out["status"] = status;
  return out;
}

}  // namespace kelvin::python
