#include "sweep/sweep_runner.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <thread>

#include <spdlog/spdlog.h>

#include "elaborate/block_registry.h"
#include "model/diagnostic.h"
#include "run/compiled_model.h"

namespace kelvin::core {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string formatNumber(double v) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;  // the shortest text that reads back to v
  return std::string(buffer, end);
}

/// The block at path id "Sub1/R1" (or "R1"), or nullptr.
Block* findBlockByPath(std::vector<Block>& blocks, const std::string& path) {
  std::vector<Block>* level = &blocks;
  for (std::string::size_type from = 0;;) {
    const auto slash = path.find('/', from);
    const std::string head = path.substr(from, slash == std::string::npos ? std::string::npos : slash - from);
    auto it = std::find_if(level->begin(), level->end(), [&head](const Block& b) { return b.id == head; });
    if (it == level->end() || slash == std::string::npos) return it == level->end() ? nullptr : &*it;
    level = &it->blocks;
    from = slash + 1;
  }
}

std::string violation(const ParamDecl& decl, double value) {
  const bool belowMin = decl.min && (decl.minInclusive ? value < *decl.min : value <= *decl.min);
  const bool aboveMax = decl.max && (decl.maxInclusive ? value > *decl.max : value >= *decl.max);
  if (belowMin) return std::string("must be ") + (decl.minInclusive ? "≥ " : "> ") + formatNumber(*decl.min);
  if (aboveMax) return std::string("must be ") + (decl.maxInclusive ? "≤ " : "< ") + formatNumber(*decl.max);
  return {};
}

}  // namespace

SweepRunner::SweepRunner(Model model, const BlockRegistry& registry, std::string file, SweepSpec spec,
                         std::vector<Measure> measures, SimulationOptions options,
                         std::vector<std::string> traceSignals, bool traceDefaults)
    : model_(std::move(model)),
      registry_(registry),
      file_(std::move(file)),
      spec_(std::move(spec)),
      measures_(std::move(measures)),
      options_(std::move(options)),
      names_(spec_.parameterNames()) {
  auto refuse = [this](const std::string& block, const std::string& message) {
    throw ModelError(Diagnostic{file_, block, "", "sweep: " + message});
  };
  if (spec_.varied.empty() != (spec_.monteCarlo == 0))
    refuse("", spec_.varied.empty() ? "--monte-carlo needs at least one --vary" : "--vary needs --monte-carlo N");
  std::set<std::string> seen;
  for (std::size_t k = 0; k < names_.size(); ++k) {
    const std::string& name = names_[k];
    if (!seen.insert(name).second) refuse("", "parameter " + name + " is swept twice");
    const auto dot = name.rfind('.');
    const std::string id = name.substr(0, dot), param = name.substr(dot + 1);
    const Block* block = findBlockByPath(model_.blocks, id);
    if (!block) refuse(id, "no block '" + id + "' in the model (parameter " + name + ")");
    const ComponentType* type = registry_.find(block->type);
    if (!type) refuse(id, "block " + id + " has the unknown type '" + block->type + "'");
    const ParamDecl* decl = type->findParam(param);
    if (!decl) {
      std::string known;
      for (const ParamDecl& p : type->params) known += (known.empty() ? "" : ", ") + p.name;
      refuse(id, "block " + id + " (" + block->type + ") has no parameter '" + param + "'" +
                     (known.empty() ? "" : "; its parameters: " + known));
    }
    if (decl->kind != ParamKind::Number) refuse(id, "parameter " + name + " is not a number and cannot be swept");
    decls_.push_back(decl);
    if (k < spec_.grid.size()) {
      for (double v : spec_.grid[k].values)
        if (const std::string why = violation(*decl, v); !why.empty())
          refuse(id, name + " = " + formatNumber(v) + " is out of range: " + why);
    } else {
      const Distribution& d = spec_.varied[k - spec_.grid.size()].distribution;
      const char* reach = d.kind == Distribution::Kind::Normal ? " (mean − 5σ)" : "";
      const char* top = d.kind == Distribution::Kind::Normal ? " (mean + 5σ)" : "";
      if (const std::string why = violation(*decl, d.lowest()); !why.empty())
        refuse(id, "the distribution of " + name + " reaches " + formatNumber(d.lowest()) + reach + ", but " + name +
                       " " + why);
      if (const std::string why = violation(*decl, d.highest()); !why.empty())
        refuse(id, "the distribution of " + name + " reaches " + formatNumber(d.highest()) + top + ", but " + name +
                       " " + why);
    }
  }

  compiled_ = compileModel(model_, registry_, file_, std::set<std::string>(names_.begin(), names_.end()));
  structural_ = compiled_->structuralParameters();
  for (const std::string& s : structural_) {
    structuralIndex_.push_back(static_cast<int>(std::find(names_.begin(), names_.end(), s) - names_.begin()));
    spdlog::info("sweep {}: {} shapes the equations (structural): its runs compile the model again", file_, s);
  }

  const std::vector<std::string>& signals = compiled_->signalNames();
  auto known = [&signals](const std::string& s) { return std::find(signals.begin(), signals.end(), s) != signals.end(); };
  for (const std::string& s : traceSignals)
    if (!known(s)) refuse(s.substr(0, s.rfind('.')), "unknown signal '" + s + "' for the traces");
  if (traceDefaults) traceSignals_ = compiled_->defaultSignals();
  for (std::string& s : traceSignals)
    if (std::find(traceSignals_.begin(), traceSignals_.end(), s) == traceSignals_.end())
      traceSignals_.push_back(std::move(s));
  for (const Measure& m : measures_)
    for (const std::string& s : m.signalNames()) {
      if (!known(s)) refuse(s.substr(0, s.rfind('.')), "measure " + m.name() + " reads the unknown signal '" + s + "'");
      if (std::find(traceSignals_.begin(), traceSignals_.end(), s) == traceSignals_.end()) traceSignals_.push_back(s);
    }
}

SweepRunner::~SweepRunner() = default;

std::string SweepRunner::outOfBounds(const std::vector<double>& values) const {
  for (std::size_t k = 0; k < values.size(); ++k)
    if (const std::string why = violation(*decls_[k], values[k]); !why.empty())
      return names_[k] + " = " + formatNumber(values[k]) + " is out of range: " + why;
  return {};
}

std::shared_ptr<const CompiledModel> SweepRunner::compiledFor(const std::vector<double>& values) const {
  if (structural_.empty()) return compiled_;
  std::vector<double> key;
  for (int k : structuralIndex_) key.push_back(values[k]);
  {
    std::lock_guard lock(cacheMutex_);
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  }
  Model model = model_;
  for (std::size_t s = 0; s < structural_.size(); ++s) {
    const std::string& name = structural_[s];
    const auto dot = name.rfind('.');
    findBlockByPath(model.blocks, name.substr(0, dot))->params[name.substr(dot + 1)] = formatNumber(key[s]);
  }
  auto compiled = compileModel(model, registry_, file_, std::set<std::string>(names_.begin(), names_.end()));
  std::lock_guard lock(cacheMutex_);
  return cache_.emplace(key, std::move(compiled)).first->second;
}

SweepRunResult SweepRunner::run(long index, const std::atomic<bool>* cancel) const {
  SweepRunResult result;
  result.run = index;
  result.parameters = spec_.valuesOf(index);
  result.measures.assign(measures_.size(), kNaN);
  result.trace.names = traceSignals_;
  result.trace.columns.assign(traceSignals_.size(), {});
  if (std::string why = outOfBounds(result.parameters); !why.empty()) {
    result.error = why;
    return result;
  }
  try {
    const std::shared_ptr<const CompiledModel> compiled = compiledFor(result.parameters);
    SimulationOptions options = options_;
    for (const FlatParameter& p : compiled->parameters()) {
      auto it = std::find(names_.begin(), names_.end(), p.name);
      options.parameters.push_back(it == names_.end() ? p.value : result.parameters[it - names_.begin()]);
    }
    const std::vector<std::string>& signals = compiled->signalNames();
    options.outputs.clear();
    for (const std::string& s : traceSignals_)
      options.outputs.push_back(static_cast<int>(std::find(signals.begin(), signals.end(), s) - signals.begin()));
    Trace& trace = result.trace;
    const SimulationStats stats = simulate(
        *compiled, options,
        [&trace](double time, const std::vector<double>& values) {
          trace.time.push_back(time);
          for (std::size_t k = 0; k < trace.columns.size(); ++k) trace.columns[k].push_back(values[k]);
        },
        cancel);
    if (stats.cancelled) {
      result.error = "cancelled";
      return result;
    }
    for (std::size_t k = 0; k < measures_.size(); ++k) result.measures[k] = measures_[k].evaluate(trace);
  } catch (const ModelError& e) {
    std::string message;
    for (const Diagnostic& d : e.diagnostics()) message += (message.empty() ? "" : "; ") + d.toString();
    result.error = message;
  } catch (const std::exception& e) {
    result.error = e.what();
  }
  return result;
}

void SweepRunner::runAll(const std::vector<long>& indices, int jobs,
                         const std::function<void(SweepRunResult&&)>& onResult,
                         const std::atomic<bool>* cancel) const {
  std::atomic<std::size_t> next{0};
  std::mutex deliver;
  auto work = [&] {
    for (;;) {
      if (cancel && cancel->load()) return;
      const std::size_t k = next.fetch_add(1);
      if (k >= indices.size()) return;
      SweepRunResult result = run(indices[k], cancel);
      std::lock_guard lock(deliver);
      onResult(std::move(result));
    }
  };
  const int threads = std::max(1, std::min<int>(jobs, static_cast<int>(indices.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

}  // namespace kelvin::core
