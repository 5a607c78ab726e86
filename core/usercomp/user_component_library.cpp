#include "usercomp/user_component_library.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "usercomp/component_compiler.h"
#include "usercomp/component_error.h"
#include "usercomp/component_parser.h"
#include "usercomp/generated_icon.h"

namespace kelvin::core {

std::vector<ComponentSource> componentSources(const Model& model, const std::string& modelFile) {
  std::vector<ComponentSource> sources;
  for (const std::string& text : model.components) sources.push_back({text, modelFile});
  for (const ComponentFile& f : model.componentFiles) sources.push_back({f.text, f.resolved.empty() ? f.path : f.resolved});
  return sources;
}

namespace {
/// Inline SVG as declared, a declared file relative to the component's file, or a generated box.
std::string iconOf(const ComponentType& type, const std::string& file) {
  if (type.icon.empty()) return generatedIconSvg(type.title);
  if (type.icon.front() == '<') return type.icon;
  const std::filesystem::path path(type.icon);
  if (path.is_absolute()) return type.icon;
  return (std::filesystem::path(file).parent_path() / path).lexically_normal().string();
}
}  // namespace

std::vector<Diagnostic> addUserComponents(const std::vector<ComponentSource>& sources, BlockRegistry& layer) {
  std::vector<Diagnostic> problems;
  struct Pending {
    ComponentDefinition definition;
    std::string file;
  };
  std::vector<Pending> pending;
  std::set<std::string> names;
  for (const ComponentSource& source : sources) {
    try {
      for (ComponentDefinition& def : parseComponents(source.text)) {
        if (!names.insert(def.name).second) {
          const auto [line, column] = lineAndColumn(*def.source, def.offset);
          problems.push_back(
              ComponentError(def.name, line, column, "a component named " + def.name + " is defined twice")
                  .diagnostic(source.file));
          continue;
        }
        pending.push_back({std::move(def), source.file});
      }
    } catch (const ComponentError& e) {
      problems.push_back(e.diagnostic(source.file));
    }
  }
  // Compile in rounds: a component waits until the user types it uses exist.
  auto ready = [&](const ComponentDefinition& def) {
    return std::all_of(def.subModels.begin(), def.subModels.end(), [&](const UserSubModel& s) {
      return s.type.rfind("user.", 0) != 0 || layer.find(s.type) || !names.contains(s.type.substr(5));
    });
  };
  std::map<std::string, int> depth;  // user type -> how many user components deep its build goes
  bool progress = true;
  while (!pending.empty() && progress) {
    progress = false;
    for (auto it = pending.begin(); it != pending.end();) {
      if (!ready(it->definition)) {
        ++it;
        continue;
      }
      const std::string name = it->definition.name;
      // Building a component builds its sub-models inside it: bound the nesting, and so the stack.
      int nesting = 1;
      for (const UserSubModel& sub : it->definition.subModels)
        if (auto d = depth.find(sub.type); d != depth.end()) nesting = std::max(nesting, d->second + 1);
      try {
        if (nesting > kMaxUserNesting) {
          const auto [line, column] = lineAndColumn(*it->definition.source, it->definition.offset);
          throw ComponentError(name, line, column,
                               "user components nest " + std::to_string(nesting) + " deep here; at most " +
                                   std::to_string(kMaxUserNesting) + " are allowed");
        }
        depth["user." + name] = nesting;
        ComponentType type = compileComponent(std::move(it->definition), layer);
        type.icon = iconOf(type, it->file);
        layer.add(std::move(type));
      } catch (const ComponentError& e) {
        problems.push_back(e.diagnostic(it->file));
      }
      names.erase(name);  // failed or added: no longer awaited
      it = pending.erase(it);
      progress = true;
    }
  }
  for (const Pending& p : pending) {
    const auto [line, column] = lineAndColumn(*p.definition.source, p.definition.offset);
    problems.push_back(ComponentError(p.definition.name, line, column,
                                      "its sub-models use each other in a cycle, or use a component that failed")
                           .diagnostic(p.file));
  }
  return problems;
}

std::unique_ptr<BlockRegistry> registryForModel(const Model& model, const BlockRegistry& library,
                                                const std::string& file) {
  auto layer = std::make_unique<BlockRegistry>(&library);
  std::vector<Diagnostic> problems = addUserComponents(componentSources(model, file), *layer);
  if (!problems.empty()) throw ModelError(std::move(problems));
  return layer;
}

}  // namespace kelvin::core
