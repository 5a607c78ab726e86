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

BackgroundTasks::~BackgroundTasks() { pool_.waitForDone(); }

}  // namespace kelvin::gui
