// Eight (POJ 1077, HDU 1043): an accepted submission of `gridsolve package`, written
// apart from gridsolve's solver from the statement. One BFS from the goal over every
// arrangement it reaches, each remembering the blank's move that takes it one step
// nearer the goal; a case follows those moves (a shortest solution), and an arrangement
// the BFS never reached is unsolvable.
#include <iostream>
#include <queue>
#include <string>
#include <unordered_map>

int main() {
    const std::string goal = "12345678x";
    const char name[] = {'u', 'd', 'l', 'r'};
    const char back[] = {'d', 'u', 'r', 'l'};
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    std::unordered_map<std::string, char> toward;
    toward.reserve(400000);
    toward[goal] = '.';
    std::queue<std::string> queue;
    queue.push(goal);
    while (!queue.empty()) {
        std::string s = queue.front();
        queue.pop();
        int blank = s.find('x'), r = blank / 3, c = blank % 3;
        for (int d = 0; d < 4; d++) {
            int nr = r + dr[d], nc = c + dc[d];
            if (nr < 0 || nr >= 3 || nc < 0 || nc >= 3) continue;
            std::string t = s;
            std::swap(t[blank], t[nr * 3 + nc]);
            if (toward.count(t)) continue;
            toward[t] = back[d];  // from t, the blank moving back gives s
            queue.push(t);
        }
    }
    std::string cell;
    while (std::cin >> cell) {
        std::string s = cell;
        for (int i = 1; i < 9 && std::cin >> cell; i++) s += cell;
        auto found = toward.find(s);
        if (found == toward.end()) {
            std::cout << "unsolvable\n";
            continue;
        }
        std::string moves;
        while (s != goal) {
            char m = toward[s];
            int d = 0;
            while (name[d] != m) d++;
            int blank = s.find('x');
            int to = (blank / 3 + dr[d]) * 3 + blank % 3 + dc[d];
            std::swap(s[blank], s[to]);
            moves += m;
        }
        std::cout << moves << "\n";
    }
}
