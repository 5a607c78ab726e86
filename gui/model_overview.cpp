#include "model_overview.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "elaborate/block_registry.h"
#include "model/model.h"

namespace kelvin::gui {

namespace {

constexpr int kColumnPadding = 24;  // pixels between a column's widest text and the next column

QString fromStd(const std::string& text) { return QString::fromStdString(text); }

QTreeWidget* makeTree(const QStringList& headers, QWidget* parent) {
  auto* tree = new QTreeWidget(parent);
  tree->setHeaderLabels(headers);
  tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
  tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
  tree->setAlternatingRowColors(true);
  tree->setUniformRowHeights(true);
  tree->setRootIsDecorated(false);
  tree->header()->setStretchLastSection(true);
  return tree;
}

QLabel* makeCaption(const QString& text, QWidget* parent) {
  auto* label = new QLabel(text, parent);
  QFont font = label->font();
  font.setBold(true);
  label->setFont(font);
  return label;
}

QWidget* captioned(const QString& caption, QWidget* content, QWidget* parent) {
  auto* box = new QWidget(parent);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 4, 0, 0);
  layout->addWidget(makeCaption(caption, box));
  layout->addWidget(content);
  return box;
}

}  // namespace

ModelOverview::ModelOverview(const core::BlockRegistry& registry, QWidget* parent)
    : QWidget(parent), registry_(registry) {
  summary_ = new QLabel(this);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  summary_->setWordWrap(true);
  blocks_ = makeTree({tr("Block"), tr("Type"), tr("Parameters")}, this);
  connections_ = makeTree({tr("From"), tr("To")}, this);

  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(captioned(tr("Blocks"), blocks_, splitter));
  splitter->addWidget(captioned(tr("Connections"), connections_, splitter));
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summary_);
  layout->addWidget(splitter, 1);
}

void ModelOverview::showModel(const core::Model& model) {
  const core::Settings& s = model.settings;
  QString summary = tr("<b>%1</b> &nbsp; stop time %2 s · solver %3 · rtol %4 · atol %5")
                        .arg(fromStd(model.name.empty() ? std::string("(unnamed)") : model.name).toHtmlEscaped(),
                             fromStd(s.stopTime).toHtmlEscaped(), fromStd(s.solver).toHtmlEscaped())
                        .arg(s.rtol)
                        .arg(s.atol);
  if (!s.step.empty()) summary += tr(" · step %1 s").arg(fromStd(s.step).toHtmlEscaped());
  // "description" is not part of the format's known keys; examples carry one, kept in `extra`.
  const auto description = model.extra.find("description");
  if (description != model.extra.end() && description->is_string()) {
    summary += QStringLiteral("<br>") + fromStd(description->get<std::string>()).toHtmlEscaped();
  }
  summary_->setText(summary);

  blocks_->clear();
  connections_->clear();
  blocks_->setRootIsDecorated(false);
  connections_->setRootIsDecorated(false);
  addBlocks(model.blocks, nullptr);
  addConnections(model.connections, nullptr);
  blocks_->expandAll();
  connections_->expandAll();
  for (QTreeWidget* tree : {blocks_, connections_}) {
    for (int column = 0; column + 1 < tree->columnCount(); ++column) {
      tree->resizeColumnToContents(column);
      tree->setColumnWidth(column, tree->columnWidth(column) + kColumnPadding);
    }
  }
}

void ModelOverview::addBlocks(const std::vector<core::Block>& blocks, QTreeWidgetItem* parent) {
  for (const core::Block& block : blocks) {
    const core::ComponentType* type = registry_.find(block.type);
    QStringList params;
    for (const auto& [name, value] : block.params) {
      QString text = fromStd(name) + QStringLiteral(" = ") + fromStd(value);
      const core::ParamDecl* decl = type ? type->findParam(name) : nullptr;
      if (decl && !decl->unit.empty()) text += QStringLiteral(" ") + fromStd(decl->unit);
      params << text;
    }
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(blocks_);
    item->setText(0, fromStd(block.id));
    item->setText(1, fromStd(block.type));
    item->setText(2, params.join(QStringLiteral(", ")));
    if (type) item->setToolTip(1, fromStd(type->title + ": " + type->description));
    if (!block.blocks.empty() || !block.connections.empty()) {
      blocks_->setRootIsDecorated(true);
      addBlocks(block.blocks, item);
      if (!block.connections.empty()) {
        auto* inner = new QTreeWidgetItem(connections_);
        inner->setText(0, tr("inside %1").arg(fromStd(block.id)));
        connections_->setRootIsDecorated(true);
        addConnections(block.connections, inner);
      }
    }
  }
}

void ModelOverview::addConnections(const std::vector<core::Connection>& connections, QTreeWidgetItem* parent) {
  for (const core::Connection& connection : connections) {
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(connections_);
    item->setText(0, fromStd(connection.from));
    item->setText(1, fromStd(connection.to));
  }
}

}  // namespace kelvin::gui
