#include "analysis/close_controls.h"

#include <QBoxLayout>
#include <QCoreApplication>
#include <QKeySequence>
#include <QPushButton>
#include <QShortcut>
#include <QWidget>

namespace kelvin::gui {

QHBoxLayout* addCloseControls(QWidget* window, QBoxLayout* layout) {
  auto* row = new QHBoxLayout;
  row->addStretch(1);
  auto* close = new QPushButton(QCoreApplication::translate("AnalysisWindow", "Close"), window);
  close->setObjectName(QStringLiteral("closeButton"));
  close->setToolTip(QCoreApplication::translate("AnalysisWindow", "Close this window (Esc)"));
  row->addWidget(close);
  layout->addLayout(row);
  QObject::connect(close, &QPushButton::clicked, window, &QWidget::close);
  auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), window);
  escape->setContext(Qt::WindowShortcut);
  QObject::connect(escape, &QShortcut::activated, window, &QWidget::close);
  return row;
}

}  // namespace kelvin::gui
