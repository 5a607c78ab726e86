#include "model/variable_references.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace kelvin::core {

namespace {

/// The identifiers written in an expression's text, in order.
std::vector<std::string> identifiersIn(const std::string& text) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (std::isalpha(c) || c == '_') {
      std::size_t end = i + 1;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
      names.push_back(text.substr(i, end - i));
      i = end;
    } else if (std::isdigit(c) || c == '.') {
      // A number with its exponent and SI prefix ("1e-3", "2.2k") names nothing.
      while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
    } else {
      ++i;
    }
  }
  return names;
}

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

}  // namespace

VariableReferences::VariableReferences(const std::vector<Variable>& variables) : variables_(variables) {
  for (std::size_t i = 0; i < variables.size(); ++i) index_.emplace(variables[i].name, i);
  uses_.resize(variables.size());
  for (std::size_t i = 0; i < variables.size(); ++i) {
    for (const std::string& name : identifiersIn(variables[i].value)) {
      const auto found = index_.find(name);
      if (found != index_.end()) uses_[i].push_back(found->second);
    }
  }
  findCycles();
}

void VariableReferences::findCycles() {
  // Tarjan's strongly connected components with an explicit stack of (variable, next use).
  const std::size_t n = variables_.size();
  std::vector<std::size_t> order(n, kNone), low(n, 0), stack;
  std::vector<bool> onStack(n, false);
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  component_.assign(n, kNone);
  std::size_t counter = 0;
  for (std::size_t start = 0; start < n; ++start) {
    if (order[start] != kNone) continue;
    calls.emplace_back(start, 0);
    while (!calls.empty()) {
      auto& [v, next] = calls.back();
      if (next == 0 && order[v] == kNone) {
        order[v] = low[v] = counter++;
        stack.push_back(v);
        onStack[v] = true;
      }
      if (next < uses_[v].size()) {
        const std::size_t w = uses_[v][next++];
        if (order[w] == kNone) {
          calls.emplace_back(w, 0);
        } else if (onStack[w]) {
          low[v] = std::min(low[v], order[w]);
        }
        continue;
      }
      if (low[v] == order[v]) {
        const std::size_t id = cyclic_.size();
        std::size_t members = 0;
        bool selfUse = false;
        for (std::size_t w = kNone; w != v;) {
          w = stack.back();
          stack.pop_back();
          onStack[w] = false;
          component_[w] = id;
          ++members;
          selfUse = selfUse || std::find(uses_[w].begin(), uses_[w].end(), w) != uses_[w].end();
        }
        cyclic_.push_back(members > 1 || selfUse);
      }
      const std::size_t done = v;
      calls.pop_back();
      if (!calls.empty()) low[calls.back().first] = std::min(low[calls.back().first], low[done]);
    }
  }
}

std::vector<std::size_t> VariableReferences::cycleFrom(std::size_t v) const {
  // Breadth-first over "uses" inside v's component until it comes back to v.
  const std::size_t c = component_[v];
  std::unordered_map<std::size_t, std::size_t> parent;
  std::vector<std::size_t> queue{v}, path;
  for (std::size_t head = 0; head < queue.size() && path.empty(); ++head) {
    const std::size_t at = queue[head];
    for (std::size_t w : uses_[at]) {
      if (component_[w] != c) continue;
      if (w == v) {
        for (std::size_t p = at; p != v; p = parent.at(p)) path.push_back(p);
        break;
      }
      if (parent.emplace(w, at).second) queue.push_back(w);
    }
  }
  path.push_back(v);
  std::reverse(path.begin(), path.end());
  return path;
}

std::string VariableReferences::describe(const std::vector<std::size_t>& cycle, std::size_t start) const {
  const std::size_t n = cycle.size();
  const auto nameAt = [&](std::size_t i) -> const std::string& { return variables_[cycle[(start + i) % n]].name; };
  std::string text;
  for (std::size_t i = 0; i < n; ++i) {
    if (n > kShownCycle && i == kShownCycle - 2) {
      text += " → …";
      i = n - 1;
    }
    text += (i == 0 ? "" : " → ") + nameAt(i);
  }
  text += " → " + nameAt(0);
  if (n > kShownCycle) text += " (" + std::to_string(n) + " variables)";
  return text;
}

std::string VariableReferences::explain(std::size_t v) {
  if (cyclic_[component_[v]]) {
    auto [it, added] = cycles_.try_emplace(component_[v]);
    Cycle& cycle = it->second;
    if (added) {
      cycle.members = cycleFrom(v);
      for (std::size_t i = 0; i < cycle.members.size(); ++i) cycle.position.emplace(cycle.members[i], i);
    }
    const auto on = cycle.position.find(v);
    if (on != cycle.position.end()) return "a cycle among variables: " + describe(cycle.members, on->second);
    return "a cycle among variables: " + describe(cycleFrom(v), 0);  // in the component, off that cycle
  }
  for (std::size_t w : uses_[v]) {
    if (w > v)
      return "it uses " + variables_[w].name + ", which is defined after it; move " + variables_[w].name + " up";
  }
  return "";
}

}  // namespace kelvin::core
