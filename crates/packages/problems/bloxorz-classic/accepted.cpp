// Bloxorz, the original game (switches, bridges, split cubes): an accepted submission of
// `gridsolve package`, written apart from gridsolve's solver from the statement. BFS over
// (the bridges' bit set, the block's placement or the unordered pair of cube tiles), a
// dense bit set of seen states (the input's state limit bounds their number).
#include <cctype>
#include <cstdint>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

int rows, cols;
std::vector<std::string> board;
std::vector<int> bridge_of, tile_of, cell_of;
std::vector<std::vector<std::pair<int, int>>> actions;  // by cell: (0 toggle 1 on 2 off, bridge)
std::vector<std::pair<int, int>> landing;               // by cell: a split switch's two cells

// What stands on the board: the block standing on a, lying on a and b (b right of a or
// below it), or the two cubes on a and b.
enum Kind { Standing, Across, Down, Cubes };
struct Piece {
    Kind kind;
    int a, b;
};

bool is_tile(int cell, uint32_t bridges) {
    if (cell < 0) return false;
    char kind = board[cell / cols][cell % cols];
    if (kind == '#') return false;
    return kind != '=' || (bridges >> bridge_of[cell] & 1);
}

// The cell `times` steps from `cell` in direction d (0 up, 1 down, 2 left, 3 right), or
// -1 off the board.
int step(int cell, int d, int times = 1) {
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    int r = cell / cols + dr[d] * times, c = cell % cols + dc[d] * times;
    return r < 0 || c < 0 || r >= rows || c >= cols ? -1 : r * cols + c;
}

// Which way b lies from a, or -1 when they are not edge-adjacent.
int side(int a, int b) {
    for (int d = 0; d < 4; d++)
        if (step(a, d) == b) return d;
    return -1;
}

uint32_t press(int cell, uint32_t bridges) {
    for (auto [action, bridge] : actions[cell]) {
        uint32_t bit = 1u << bridge;
        bridges = action == 0 ? bridges ^ bit : action == 1 ? bridges | bit : bridges & ~bit;
    }
    return bridges;
}

// The block lying on two adjacent cells, top-left cell first.
Piece lying(int a, int b) {
    if (a > b) std::swap(a, b);
    return Piece{side(a, b) == 3 ? Across : Down, a, b};
}

// The block rolled in direction d; a cell of it off the board is -1.
Piece roll(const Piece& p, int d) {
    bool vertical = d < 2, forward = d % 2 == 1;
    if (p.kind == Standing) {
        Kind lies = vertical ? Down : Across;
        return forward ? Piece{lies, step(p.a, d), step(p.a, d, 2)}
                       : Piece{lies, step(p.a, d, 2), step(p.a, d)};
    }
    if ((p.kind == Down) == vertical) {  // over a short end: it stands up
        return Piece{Standing, forward ? step(p.b, d) : step(p.a, d), -1};
    }
    return Piece{p.kind, step(p.a, d), step(p.b, d)};
}

int main() {
    std::cin >> rows >> cols;
    board.resize(rows);
    for (auto& row : board) std::cin >> row;
    int cells = rows * cols;
    bridge_of.assign(cells, -1);
    tile_of.assign(cells, -1);
    actions.resize(cells);
    landing.assign(cells, {-1, -1});
    int start = -1, exit = -1;
    bool has_split = false;
    for (int cell = 0; cell < cells; cell++) {
        char kind = board[cell / cols][cell % cols];
        if (kind == 'X') start = cell;
        if (kind == 'O') exit = cell;
        if (kind != '#') {
            tile_of[cell] = cell_of.size();
            cell_of.push_back(cell);
        }
    }
    uint32_t bridges = 0;
    int bridge_count = 0;
    std::string word;
    auto at = [&](int r, int c) { return (r - 1) * cols + (c - 1); };
    std::cin >> word;
    while (std::cin) {
        if (word == "bridge") {
            int number, r, c;
            std::string state;
            std::cin >> number >> state;
            bridge_count = number;
            if (state == "on") bridges |= 1u << (number - 1);
            while (std::cin >> word && std::isdigit((unsigned char)word[0])) {
                r = std::stoi(word);
                std::cin >> c;
                bridge_of[at(r, c)] = number - 1;
            }
        } else if (word == "switch") {
            int r, c, number;
            std::cin >> r >> c;
            int cell = at(r, c);
            while (std::cin >> word && (word == "toggle" || word == "on" || word == "off")) {
                std::cin >> number;
                actions[cell].push_back({word == "toggle" ? 0 : word == "on" ? 1 : 2, number - 1});
            }
        } else if (word == "split") {
            int r, c, r1, c1, r2, c2;
            std::cin >> r >> c >> r1 >> c1 >> r2 >> c2;
            landing[at(r, c)] = {at(r1, c1), at(r2, c2)};
            has_split = true;
            std::cin >> word;
        } else {
            break;
        }
    }
    // A state is setting * per_setting + local: 3 placements a tile, then cube pairs.
    uint64_t tiles = cell_of.size();
    uint64_t per_setting = 3 * tiles + (has_split ? tiles * (tiles - 1) / 2 : 0);
    auto code = [&](const Piece& p, uint32_t setting) -> uint64_t {
        uint64_t local;
        if (p.kind == Cubes) {
            uint64_t i = tile_of[p.a], j = tile_of[p.b];
            if (i > j) std::swap(i, j);
            local = 3 * tiles + j * (j - 1) / 2 + i;
        } else {
            local = 3 * (uint64_t)tile_of[p.a] + p.kind;
        }
        return setting * per_setting + local;
    };
    std::vector<uint64_t> seen(((per_setting << bridge_count) >> 6) + 1, 0);
    auto visit = [&](const Piece& p, uint32_t setting) {
        uint64_t c = code(p, setting);
        if (seen[c >> 6] >> (c & 63) & 1) return false;
        seen[c >> 6] |= uint64_t(1) << (c & 63);
        return true;
    };
    std::vector<std::pair<Piece, uint32_t>> layer{{Piece{Standing, start, -1}, bridges}}, next;
    visit(layer[0].first, bridges);
    // What a legal move leads to, or nothing: `moved` the cells the moving piece now
    // covers, `piece` the position after it.
    auto settle = [&](Piece piece, std::vector<int> moved, bool heavy, uint32_t setting,
                      bool& ok) -> std::pair<Piece, uint32_t> {
        ok = false;
        for (int cell : moved)
            if (!is_tile(cell, setting)) return {};
        if (piece.kind == Standing && board[piece.a / cols][piece.a % cols] == 'E') return {};
        for (int cell : moved) {
            char kind = board[cell / cols][cell % cols];
            if (kind == 'o' || (kind == 'h' && heavy)) setting = press(cell, setting);
        }
        if (!is_tile(piece.a, setting) || (piece.kind != Standing && !is_tile(piece.b, setting)))
            return {};
        if (piece.kind == Standing && board[piece.a / cols][piece.a % cols] == 's') {
            auto [l1, l2] = landing[piece.a];
            if (!is_tile(l1, setting) || !is_tile(l2, setting)) return {};
            piece = side(l1, l2) >= 0 ? lying(l1, l2) : Piece{Cubes, l1, l2};
        } else if (piece.kind == Cubes && side(piece.a, piece.b) >= 0) {
            piece = lying(piece.a, piece.b);
        }
        ok = true;
        return {piece, setting};
    };
    for (int moves = 0; !layer.empty(); moves++) {
        next.clear();
        for (auto [piece, setting] : layer) {
            if (piece.kind == Standing && piece.a == exit) {
                std::cout << moves << "\n";
                return 0;
            }
            for (int d = 0; d < 4; d++) {
                bool ok;
                std::pair<Piece, uint32_t> after;
                if (piece.kind != Cubes) {
                    Piece rolled = roll(piece, d);
                    std::vector<int> moved{rolled.a};
                    if (rolled.kind != Standing) moved.push_back(rolled.b);
                    after = settle(rolled, moved, rolled.kind == Standing, setting, ok);
                    if (ok && visit(after.first, after.second)) next.push_back(after);
                    continue;
                }
                for (int cube = 0; cube < 2; cube++) {
                    int from = cube ? piece.b : piece.a, other = cube ? piece.a : piece.b;
                    int to = step(from, d);
                    if (to < 0) continue;
                    after = settle(Piece{Cubes, to, other}, {to}, false, setting, ok);
                    if (ok && visit(after.first, after.second)) next.push_back(after);
                }
            }
        }
        layer.swap(next);
    }
    std::cout << -1 << "\n";
}
