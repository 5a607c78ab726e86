#pragma once
// The path above the canvas: the model's name, then each subsystem opened
// ("rlc_resonator › Sub1 › Filter"). Clicking an element goes back to that
// level.

#include <QWidget>

#include "document/diagram_level.h"

class QHBoxLayout;

namespace kelvin::gui {

class BreadcrumbBar : public QWidget {
  Q_OBJECT

 public:
  explicit BreadcrumbBar(QWidget* parent = nullptr);

  void setPath(const QString& modelName, const LevelPath& level);

 signals:
  void levelChosen(const QStringList& level);

 private:
  QHBoxLayout* layout_;
};

}  // namespace kelvin::gui
