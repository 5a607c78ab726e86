#include "analysis/background_tasks.h"

#include <QStringList>

#include "model/diagnostic.h"

namespace kelvin::gui {

QString describeException(const std::exception& error) {
  if (const auto* model = dynamic_cast<const core::ModelError*>(&error)) {
    QStringList lines;
    for (core::Diagnostic d : model->diagnostics()) {
      d.file.clear();
      lines << QString::fromStdString(d.toString());
    }
    if (!lines.isEmpty()) return lines.join(QLatin1Char('\n'));
  }
  return QString::fromStdString(error.what());
}

BackgroundTasks::BackgroundTasks() { pool_.setMaxThreadCount(2); }

BackgroundTasks::~BackgroundTasks() {
  cancelAll();
  pool_.waitForDone();
}

void BackgroundTasks::cancelAll() {
  const std::lock_guard lock(flagsMutex_);
  for (const std::weak_ptr<std::atomic<bool>>& flag : flags_)
    if (const auto set = flag.lock()) set->store(true);
}

void BackgroundTasks::remember(const std::shared_ptr<std::atomic<bool>>& flag) {
  const std::lock_guard lock(flagsMutex_);
  std::erase_if(flags_, [](const std::weak_ptr<std::atomic<bool>>& f) { return f.expired(); });
  flags_.push_back(flag);
}

}  // namespace kelvin::gui
