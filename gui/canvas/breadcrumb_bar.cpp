#include "canvas/breadcrumb_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace kelvin::gui {

BreadcrumbBar::BreadcrumbBar(QWidget* parent) : QWidget(parent), layout_(new QHBoxLayout(this)) {
  layout_->setContentsMargins(8, 3, 8, 3);
  layout_->setSpacing(2);
  setAutoFillBackground(true);
  QPalette p = palette();
  p.setColor(QPalette::Window, QColor(0xf0, 0xf2, 0xf5));
  setPalette(p);
}

void BreadcrumbBar::setPath(const QString& modelName, const LevelPath& level) {
  while (QLayoutItem* item = layout_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  auto addButton = [this](const QString& text, const LevelPath& target, bool current) {
    auto* button = new QToolButton(this);
    button->setText(text);
    button->setAutoRaise(true);
    QFont font = button->font();
    font.setBold(current);
    button->setFont(font);
    button->setToolTip(current ? tr("The level shown") : tr("Go back to %1").arg(text));
    button->setObjectName(QStringLiteral("crumb"));
    connect(button, &QToolButton::clicked, this, [this, target] { emit levelChosen(target); });
    layout_->addWidget(button);
  };
  addButton(modelName.isEmpty() ? tr("model") : modelName, {}, level.isEmpty());
  for (int i = 0; i < level.size(); ++i) {
    auto* separator = new QLabel(QStringLiteral("›"), this);
    separator->setStyleSheet(QStringLiteral("color: #7a8594;"));
    layout_->addWidget(separator);
    addButton(level[i], level.mid(0, i + 1), i == level.size() - 1);
  }
  layout_->addStretch(1);
}

}  // namespace kelvin::gui
